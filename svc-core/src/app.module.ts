import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { auditController, dataSourceOptions, healthController, openDatabase, serviceRequestsModule } from '@tms/service-kit';
import { DataSource } from 'typeorm';
import { CustomerEntity } from './customers/customer.entity.js';
import { CustomersModule } from './customers/customers.module.js';
import { DriverEntity } from './drivers/driver.entity.js';
import { DriversModule } from './drivers/drivers.module.js';
import { LoadEntity } from './loads/load.entity.js';
import { LoadsModule } from './loads/loads.module.js';
import { DocumentEntity } from './documents/document.entity.js';
import { DocumentsModule } from './documents/documents.module.js';
import { Documents1764250000000 } from './migrations/1764250000000-documents.js';
import { Fleet1763780000000 } from './migrations/1763780000000-fleet.js';
import { ListOrder1763800000000 } from './migrations/1763800000000-list-order.js';
import { Dispatch1763900000000 } from './migrations/1763900000000-dispatch.js';
import { TruckEntity } from './trucks/truck.entity.js';
import { TrucksModule } from './trucks/trucks.module.js';
import { AccidentEntity } from './accidents/accident.entity.js';
import { AccidentsModule } from './accidents/accidents.module.js';
import { InspectionEntity } from './inspections/inspection.entity.js';
import { InspectionsModule } from './inspections/inspections.module.js';
import { Safety1764100000000 } from './migrations/1764100000000-safety.js';
import { ViolationEntity } from './violations/violation.entity.js';
import { ViolationsModule } from './violations/violations.module.js';
import { FuelEntity } from './fuel/fuel.entity.js';
import { FuelMappingEntity } from './fuel/fuel-mapping.entity.js';
import { FuelModule } from './fuel/fuel.module.js';
import { FuelCardImports1767300000000 } from './migrations/1767300000000-fuel-card-imports.js';
import { FuelCardMappings1767420000000 } from './migrations/1767420000000-fuel-card-mappings.js';
import { PayRuleExtras1767410000000 } from './migrations/1767410000000-pay-rule-extras.js';
import { CustomerMcNumber1767430000000 } from './migrations/1767430000000-customer-mc-number.js';
import { MaintenanceEntity } from './maintenance/maintenance.entity.js';
import { MaintenanceModule } from './maintenance/maintenance.module.js';
import { MaintenanceFuel1764000000000 } from './migrations/1764000000000-maintenance-fuel.js';
import { HeldReferences1764300000000 } from './migrations/1764300000000-held-references.js';
import { AuditTrail1764400000000 } from './migrations/1764400000000-audit-trail.js';
import { PayRulesMiles1765500000000 } from './migrations/1765500000000-pay-rules-miles.js';
import { IdempotencyKeys1766000000000 } from './migrations/1766000000000-idempotency-keys.js';
import { IdempotencyKeysPerUser1766200000000 } from './migrations/1766200000000-idempotency-keys-per-user.js';
import { LoadStops1766400000000 } from './migrations/1766400000000-load-stops.js';
import { LoadStopEntity } from './stops/load-stop.entity.js';
import { Charges1766600000000 } from './migrations/1766600000000-charges.js';
import { CustomerInvoicing1767200000000 } from './migrations/1767200000000-customer-invoicing.js';
import { LoadMessages1767260000000 } from './migrations/1767260000000-load-messages.js';
import { CustomerBillingEmail1767250000000 } from './migrations/1767250000000-customer-billing-email.js';
import { ChargeEntity } from './charges/charge.entity.js';
import { ChargeTermsEntity } from './charges/charge-terms.entity.js';
import { HeldReferencesModule } from './references/held-references.module.js';
import { ComplianceModule } from './compliance/compliance.module.js';
import { IftaModule } from './ifta/ifta.module.js';
import { DriverAppModule } from './driver-app/driver-app.module.js';
import { DriverApp1767100000000 } from './migrations/1767100000000-driver-app.js';
import { DriverPairingEntity } from './driver-app/driver-pairing.entity.js';
import { StopStampEntity } from './driver-app/stop-stamp.entity.js';
import { LoadMessageEntity } from './driver-app/load-message.entity.js';

/** svc-core owns the `core` schema: every entity and migration of the service is listed here. */
export const CORE_DATABASE = {
  schema: 'core',
  entities: [TruckEntity, DriverEntity, CustomerEntity, LoadEntity, InspectionEntity, AccidentEntity, ViolationEntity, MaintenanceEntity, FuelEntity, DocumentEntity, LoadStopEntity, ChargeEntity, ChargeTermsEntity, DriverPairingEntity, StopStampEntity, LoadMessageEntity, FuelMappingEntity],
  migrations: [Fleet1763780000000, ListOrder1763800000000, Dispatch1763900000000, MaintenanceFuel1764000000000, Safety1764100000000, Documents1764250000000, HeldReferences1764300000000, AuditTrail1764400000000, PayRulesMiles1765500000000, IdempotencyKeys1766000000000, IdempotencyKeysPerUser1766200000000, LoadStops1766400000000, Charges1766600000000, DriverApp1767100000000, CustomerInvoicing1767200000000, CustomerBillingEmail1767250000000, LoadMessages1767260000000, FuelCardImports1767300000000, PayRuleExtras1767410000000, FuelCardMappings1767420000000, CustomerMcNumber1767430000000],
};

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      useFactory: () => dataSourceOptions(CORE_DATABASE),
      dataSourceFactory: async (options) => openDatabase(new DataSource(options!)),
    }),
    // Other services hold the records they name here; a delete that meets a hold asks its holder over NATS.
    serviceRequestsModule(),
    HeldReferencesModule,
    TrucksModule,
    DriversModule,
    CustomersModule,
    LoadsModule,
    DocumentsModule,
    InspectionsModule,
    AccidentsModule,
    ViolationsModule,
    MaintenanceModule,
    FuelModule,
    ComplianceModule,
    IftaModule,
    DriverAppModule,
  ],
  controllers: [healthController('core'), auditController('core')],
})
export class AppModule {}
