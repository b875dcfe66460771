import { HttpException, Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { SESSION_COOKIE } from '../auth/sessions.js';
import { isForgeable } from './origin.js';

/** isForgeable, for an express request. */
export const requestIsForgeable = (request: Request, config: GatewayConfig) =>
  isForgeable({
    method: request.method,
    origin: request.get('origin'),
    fetchSite: request.get('sec-fetch-site'),
    carriesSession: (request.get('cookie') ?? '').split(';').some((cookie) => cookie.trim().startsWith(`${SESSION_COOKIE}=`)),
    appOrigin: config.appOrigin,
    requestOrigin: `${request.protocol}://${request.get('host')}`,
  });

/** Refuses a state-changing request that may come from another site with 403 {"message":"Forbidden"}. */
@Injectable()
export class OriginGuard implements CanActivate {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  canActivate(context: ExecutionContext): boolean {
    if (requestIsForgeable(context.switchToHttp().getRequest<Request>(), this.config)) throw new HttpException({ message: 'Forbidden' }, 403);
    return true;
  }
}
