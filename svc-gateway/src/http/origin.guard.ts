import { HttpException, Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { isForeignOrigin } from './origin.js';

/** Refuses a state-changing request sent from another site with 403 {"message":"Forbidden"}. */
@Injectable()
export class OriginGuard implements CanActivate {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    const foreign = isForeignOrigin({
      method: request.method,
      origin: request.get('origin'),
      appOrigin: this.config.appOrigin,
      requestOrigin: `${request.protocol}://${request.get('host')}`,
    });
    if (foreign) throw new HttpException({ message: 'Forbidden' }, 403);
    return true;
  }
}
