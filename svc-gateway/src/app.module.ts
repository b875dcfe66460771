import { Global, Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions, openDatabase } from '@tms/service-kit';
import { DataSource } from 'typeorm';
import { AccountingModule } from './accounting/accounting.module.js';
import { AuditModule } from './audit/audit.module.js';
import { AuthModule } from './auth/auth.module.js';
import { ComplianceModule } from './compliance/compliance.module.js';
import { LoadsModule } from './loads/loads.module.js';
import { DriverModule } from './driver/driver.module.js';
import { OIDC_CLIENT, type OidcClientSettings } from './auth/oidc-issuer.js';
import { GATEWAY_CONFIG, type GatewayConfig } from './config/gateway-config.js';
import { FuelModule } from './fuel/fuel.module.js';
import { GpsModule } from './gps/gps.module.js';
import { ExtractModule } from './extract/extract.module.js';
import { DocumentsModule } from './documents/documents.module.js';
import { HealthModule } from './health/health.module.js';
import { RuntimeConfigController } from './http/runtime-config.controller.js';
import { migrations } from './migrations/index.js';
import { NatsModule } from './nats/nats.module.js';
import { OpenApiModule } from './openapi/openapi.module.js';
import { ReportsModule } from './reports/reports.module.js';
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

/**
 * The modules whose routes are under /api, in the order their routes are matched (Nest registers routes module by
 * module, and express takes the first that matches). The one place route precedence is decided: the generic
 * `/api/:resource` and `/api/:resource/:id` would match `/api/health`, `/api/audit`, `/api/gps/latest` or
 * `POST /api/devices`, `/api/compliance.csv`, `/api/loads/attention` or `POST /api/fuel/imports`, so ResourcesModule comes last; no other module imports it.
 */
const ROUTES = [AuthModule, HealthModule, GpsModule, ExtractModule, DocumentsModule, AuditModule, ComplianceModule, LoadsModule, DriverModule, AccountingModule, FuelModule, ReportsModule, OpenApiModule, ResourcesModule];

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
        NatsModule,
        ...ROUTES,
      ],
      controllers: [RuntimeConfigController],
    };
  }
}
