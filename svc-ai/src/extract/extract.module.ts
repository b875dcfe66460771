import { Module } from '@nestjs/common';
import { AI_CONFIG, loadAiConfig } from './ai-config.js';
import { ExtractController } from './extract.controller.js';
import { ExtractService } from './extract.service.js';

@Module({
  controllers: [ExtractController],
  providers: [{ provide: AI_CONFIG, useFactory: () => loadAiConfig() }, ExtractService],
})
export class ExtractModule {}
