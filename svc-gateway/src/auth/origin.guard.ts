import { HttpException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { GatewayConfig } from '../config/gateway-config.js';
import { isForgeable } from '../http/origin.js';
import { SESSION_COOKIE } from './sessions.js';

/** Refuses a state-changing request that may come from another site (isForgeable) with 403 {"message":"Forbidden"}. */
export function refuseForgeable(request: Request, config: GatewayConfig) {
  const forgeable = isForgeable({
    method: request.method,
    origin: request.get('origin'),
    fetchSite: request.get('sec-fetch-site'),
    carriesSession: (request.get('cookie') ?? '').split(';').some((cookie) => cookie.trim().startsWith(`${SESSION_COOKIE}=`)),
    appOrigin: config.appOrigin,
    requestOrigin: `${request.protocol}://${request.get('host')}`,
  });
  if (forgeable) throw new HttpException({ message: 'Forbidden' }, 403);
}

/** The global origin check (refuseForgeable), ahead of the sign-in gate. */
export class OriginGuard implements CanActivate {
  constructor(private readonly config: GatewayConfig) {}

  canActivate(context: ExecutionContext): boolean {
    refuseForgeable(context.switchToHttp().getRequest<Request>(), this.config);
    return true;
  }
}
