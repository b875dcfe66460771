import { Module } from '@nestjs/common';
import { ServicesModule } from '../services/services.module.js';
import { ExtractController } from './extract.controller.js';

/** POST /api/extract-load, forwarded to svc-ai (README: AI load extraction). */
@Module({ imports: [ServicesModule], controllers: [ExtractController] })
export class ExtractModule {}
