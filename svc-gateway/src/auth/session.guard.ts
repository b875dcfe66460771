import { HttpException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { IS_PUBLIC } from '../http/public.decorator.js';

/** Refuses a request without a signed-in user with 401 {"message":"Unauthorized"}. */
export function refuseSignedOut(request: Request) {
  if (!request.user) throw new HttpException({ message: 'Unauthorized' }, 401);
}

/** The global sign-in gate: every route needs a session with a user, unless it is marked @Public(). */
export class SessionGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()])) return true;
    refuseSignedOut(context.switchToHttp().getRequest<Request>());
    return true;
  }
}
