import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions, openDatabase } from '@tms/service-kit';
import { DataSource } from 'typeorm';
import { AuditModule } from './audit/audit.module.js';
import { AuthModule } from './auth/auth.module.js';
import { OIDC_CLIENT, type OidcClientSettings } from './auth/oidc-issuer.js';
import { SessionGuard } from './auth/session.guard.js';
import { GATEWAY_CONFIG, type GatewayConfig } from './config/gateway-config.js';
import { GpsModule } from './gps/gps.module.js';
import { ExtractModule } from './extract/extract.module.js';
import { DocumentsModule } from './documents/documents.module.js';
import { HealthModule } from './health/health.module.js';
import { AllExceptionsFilter } from './http/all-exceptions.filter.js';
import { OriginGuard } from './http/origin.guard.js';
import { RuntimeConfigController } from './http/runtime-config.controller.js';
import { migrations } from './migrations/index.js';
import { ResourcesModule } from './resources/resources.module.js';
import { User } from './users/user.entity.js';

/** The configuration and the OIDC client settings, read before Nest starts, for every module. */
@Global()
@Module({})
class ConfigModule {
  static forRoot(config: GatewayConfig, oidcClient: OidcClientSettings): DynamicModule {
    return {
      module: ConfigModule,
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: OIDC_CLIENT, useValue: oidcClient },
      ],
      exports: [GATEWAY_CONFIG, OIDC_CLIENT],
    };
  }
}

@Module({})
export class AppModule {
  static forRoot(config: GatewayConfig, oidcClient: OidcClientSettings): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config, oidcClient),
        TypeOrmModule.forRootAsync({
          useFactory: () => ({
            ...dataSourceOptions({ schema: 'gateway', entities: [User], migrations }),
            retryAttempts: 5,
            retryDelay: 2000,
          }),
          dataSourceFactory: async (options) => openDatabase(new DataSource(options!)),
        }),
        AuthModule,
        HealthModule,
        GpsModule,
        ExtractModule,
        DocumentsModule,
        AuditModule,
        // Last: its `/api/:resource` routes must not shadow the named ones above.
        ResourcesModule,
      ],
      controllers: [RuntimeConfigController],
      providers: [
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        // Guards run in this order: a foreign origin is refused before the session is looked at.
        { provide: APP_GUARD, useClass: OriginGuard },
        { provide: APP_GUARD, useClass: SessionGuard },
      ],
    };
  }
}
