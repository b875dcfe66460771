import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { auditController, dataSourceOptions, openDatabase, referenceHoldsController, serviceRequestsModule } from '@tms/service-kit';
import { DataSource } from 'typeorm';
import { DeviceEntity } from './devices/device.entity.js';
import { DevicesModule } from './devices/devices.module.js';
import { JetStreamModule } from './jetstream/jetstream.module.js';
import { Telematics1764200000000 } from './migrations/1764200000000-telematics.js';
import { PartialPositionIndexes1764900000000 } from './migrations/1764900000000-partial-position-indexes.js';
import { CheaperPositionWrites1765000000000 } from './migrations/1765000000000-cheaper-position-writes.js';
import { AuditTrail1765100000000 } from './migrations/1765100000000-audit-trail.js';
import { IftaTotals1766000000000 } from './migrations/1766000000000-ifta-totals.js';
import { CheaperIftaWrites1766100000000 } from './migrations/1766100000000-cheaper-ifta-writes.js';
import { LatestLocationEntity } from './positions/latest-location.entity.js';
import { PositionsModule } from './positions/positions.module.js';
import { TelematicsHealthController } from './telematics-health.controller.js';

/** svc-telematics owns the `telematics` schema: every entity and migration of the service is listed here. */
export const TELEMATICS_DATABASE = {
  schema: 'telematics',
  entities: [DeviceEntity, LatestLocationEntity],
  migrations: [Telematics1764200000000, PartialPositionIndexes1764900000000, CheaperPositionWrites1765000000000, AuditTrail1765100000000, IftaTotals1766000000000, CheaperIftaWrites1766100000000],
};

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      useFactory: () => dataSourceOptions(TELEMATICS_DATABASE),
      dataSourceFactory: async (options) => openDatabase(new DataSource(options!)),
    }),
    // Trucks and drivers are svc-core's: held there over NATS while a device names one (ReferenceHolds).
    serviceRequestsModule(),
    JetStreamModule,
    DevicesModule,
    PositionsModule,
  ],
  // svc-core asks what our devices name when a delete meets their holds (references.named).
  controllers: [TelematicsHealthController, referenceHoldsController('telematics'), auditController('telematics')],
})
export class AppModule {}
