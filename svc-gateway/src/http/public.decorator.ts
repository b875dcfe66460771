import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'tms:public';

/** A route answered without a signed-in session (the sign-in gate, auth/session.guard.ts, lets it through). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
