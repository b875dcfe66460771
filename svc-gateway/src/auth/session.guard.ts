import { HttpException, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { PUBLIC_ROUTES } from './public-routes.js';

/** The global sign-in gate: a route outside PUBLIC_ROUTES needs a session with a user. */
@Injectable()
export class SessionGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    const route = (request.route as { path?: string } | undefined)?.path;
    if (route !== undefined && PUBLIC_ROUTES.has(route)) return true;
    if (request.user) return true;
    throw new HttpException({ message: 'Unauthorized' }, 401);
  }
}
