import { Module } from '@nestjs/common';
import { healthController } from '@tms/service-kit';
import { ExtractModule } from './extract/extract.module.js';

/** svc-ai: reads freight documents into the fields of a new load (no database: it keeps nothing). */
@Module({ imports: [ExtractModule], controllers: [healthController('ai')] })
export class AppModule {}
