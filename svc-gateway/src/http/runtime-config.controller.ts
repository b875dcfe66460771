import { Controller, Get, Header, Inject } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { Public } from './public.decorator.js';

/** Where the shell finds each remote at run time (REMOTE_*_URL), so a remote moves without rebuilding the shell. */
@Controller()
export class RuntimeConfigController {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  @Public()
  @Get('runtime-config.json')
  @Header('Cache-Control', 'no-cache')
  runtimeConfig() {
    return { remotes: this.config.remoteUrls };
  }
}
