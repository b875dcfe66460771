import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Actor } from '@tms/contracts';
import type { Request } from 'express';
import type { User } from '../users/user.entity.js';

/**
 * The signed-in user of a request as the services' audit trails name them (id and e-mail). The sign-in gate has let
 * only signed-in requests through to the routes that use it.
 */
export const SignedIn = createParamDecorator((_data: unknown, context: ExecutionContext): Actor | undefined => {
  const user = context.switchToHttp().getRequest<Request>().user as User | undefined;
  return user ? { id: user.id, email: user.email } : undefined;
});
