import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChargesModule } from '../charges/charges.module.js';
import { DocumentsModule } from '../documents/documents.module.js';
import { LoadEntity } from './load.entity.js';
import { LoadsAccountingController } from './loads-accounting.controller.js';
import { LoadsController, LoadsImportController } from './loads.controller.js';
import { LoadsService } from './loads.service.js';
import { LoadStopEntity } from '../stops/load-stop.entity.js';
import { LoadStops } from '../stops/load-stops.js';
import { StopWatchController } from '../stops/stop-watch.controller.js';
import { StopAttentionList } from '../stops/stop-attention.js';
import { StopWatch } from '../stops/stop-watch.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([LoadEntity, LoadStopEntity]), DocumentsModule, ChargesModule],
  controllers: [LoadsController, LoadsImportController, LoadsAccountingController, StopWatchController],
  providers: [LoadsService, LoadStops, StopWatch, StopAttentionList],
  // The driver app stamps stops through the same stop-time path (DriverAppModule).
  exports: [LoadStops, StopWatch],
})
export class LoadsModule {}
