import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EXTRACT_UPLOAD_TTL_MS, extractUploadBucket } from '@tms/contracts';
import { config, NATS_CONNECTION, UploadStore } from '@tms/service-kit';
import { ExtractLayoutEntity } from '../layouts/extract-layout.entity.js';
import { ExtractLayouts } from '../layouts/extract-layouts.service.js';
import { ExtractLayoutsController, LayoutLearner } from '../layouts/layout-learner.js';
import { AI_CONFIG, loadAiConfig } from './ai-config.js';
import { ExtractController } from './extract.controller.js';
import { ExtractService } from './extract.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([ExtractLayoutEntity])],
  controllers: [ExtractController, LayoutLearner, ExtractLayoutsController],
  providers: [
    { provide: AI_CONFIG, useFactory: () => loadAiConfig() },
    // The gateway's uploads, taken on the process's NATS connection.
    { provide: UploadStore, useFactory: (nats) => new UploadStore(extractUploadBucket(config.subjectRoot), EXTRACT_UPLOAD_TTL_MS, nats), inject: [NATS_CONNECTION] },
    ExtractService,
    ExtractLayouts,
  ],
})
export class ExtractModule {}
