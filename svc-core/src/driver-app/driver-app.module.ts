import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoadsModule } from '../loads/loads.module.js';
import { DocumentsModule } from '../documents/documents.module.js';
import { DriverAppController } from './driver-app.controller.js';
import { DriverAppService } from './driver-app.service.js';
import { DriverPairingEntity } from './driver-pairing.entity.js';
import { DriverPairingsService } from './driver-pairings.service.js';
import { StopStampEntity } from './stop-stamp.entity.js';
import { StopStampsService } from './stop-stamps.service.js';

/** The driver app's side of svc-core (issue 44): pairings, and the driver API over a driver's own loads. */
@Module({
  imports: [TypeOrmModule.forFeature([DriverPairingEntity, StopStampEntity]), LoadsModule, DocumentsModule],
  controllers: [DriverAppController],
  providers: [DriverAppService, DriverPairingsService, StopStampsService],
})
export class DriverAppModule {}
