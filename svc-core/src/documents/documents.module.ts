import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoadEntity } from '../loads/load.entity.js';
import { DocumentFiles } from './document-files.js';
import { DocumentEntity } from './document.entity.js';
import { DocumentsController } from './documents.controller.js';
import { DocumentsService } from './documents.service.js';

/** A load's documents; DocumentFiles is exported for the loads, whose delete removes their documents' bytes. */
@Module({
  imports: [TypeOrmModule.forFeature([DocumentEntity, LoadEntity])],
  controllers: [DocumentsController],
  providers: [DocumentsService, DocumentFiles],
  exports: [DocumentFiles, DocumentsService],
})
export class DocumentsModule {}
