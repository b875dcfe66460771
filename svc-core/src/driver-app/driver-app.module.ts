import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoadsModule } from '../loads/loads.module.js';
import { DocumentsModule } from '../documents/documents.module.js';
import { DriverAppController } from './driver-app.controller.js';
import { DriverAppService } from './driver-app.service.js';
import { DriverPairingEntity } from './driver-pairing.entity.js';
import { DriverPairingsService } from './driver-pairings.service.js';
import { LoadMessageEntity } from './load-message.entity.js';
import { LoadMessagesController } from './load-messages.controller.js';
import { LoadMessagesService } from './load-messages.service.js';
import { StopStampEntity } from './stop-stamp.entity.js';
import { StopStampsService } from './stop-stamps.service.js';

/** The driver app's side of svc-core (issue 44): pairings, the driver API over a driver's own loads, a load's messages. */
@Module({
  imports: [TypeOrmModule.forFeature([DriverPairingEntity, StopStampEntity, LoadMessageEntity]), LoadsModule, DocumentsModule],
  controllers: [DriverAppController, LoadMessagesController],
  providers: [DriverAppService, DriverPairingsService, StopStampsService, LoadMessagesService],
})
export class DriverAppModule {}
