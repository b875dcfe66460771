import { Module } from '@nestjs/common';
import { ServicesModule } from '../services/services.module.js';
import { DocumentsController } from './documents.controller.js';

/** A load's documents: kept, listed, downloaded and deleted through svc-core (packages/contracts: dispatch/document.ts). */
@Module({ imports: [ServicesModule], controllers: [DocumentsController] })
export class DocumentsModule {}
