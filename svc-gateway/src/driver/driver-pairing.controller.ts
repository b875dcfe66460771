import { Controller, Delete, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { DRIVER_APP_ACTIONS, DRIVER_APP_RESOURCE, rpcSubject, type Actor, type PairingCode, type PairingLink } from '@tms/contracts';
import { SignedIn } from '../auth/signed-in.decorator.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { RequestId } from '../http/request-ids.js';
import { ServiceClient } from '../services/service-client.js';

/**
 * Driver Management's 'Pair Phone' and 'Unpair Phone' (issue 44), ahead of the generic `/api/drivers/:id` routes.
 * The link opens the driver app on its own origin with the code in the fragment, which no server, proxy or log sees.
 */
@Controller('api/drivers')
export class DriverPairingController {
  constructor(
    private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post(':id/pairing')
  @HttpCode(201)
  async link(@Param('id') driverId: string, @SignedIn() actor: Actor, @RequestId() requestId?: string): Promise<PairingLink> {
    const { code, expiresAt } = await this.services.call<PairingCode>('core', this.subject(DRIVER_APP_ACTIONS.link), { driverId }, { actor, requestId });
    return { url: `${this.config.driver.appUrl}/#pair=${code}`, expiresAt };
  }

  @Delete(':id/pairing')
  @HttpCode(204)
  async unpair(@Param('id') driverId: string, @SignedIn() actor: Actor, @RequestId() requestId?: string): Promise<void> {
    await this.services.call('core', this.subject(DRIVER_APP_ACTIONS.unpair), { driverId }, { actor, requestId });
  }

  private subject(action: string) {
    return rpcSubject(this.services.subjectRoot, 'core', DRIVER_APP_RESOURCE, action);
  }
}
