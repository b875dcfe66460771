import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DocumentsModule } from '../documents/documents.module.js';
import { LoadEntity } from './load.entity.js';
import { LoadsAccountingController } from './loads-accounting.controller.js';
import { LoadsController } from './loads.controller.js';
import { LoadsService } from './loads.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([LoadEntity]), DocumentsModule],
  controllers: [LoadsController, LoadsAccountingController],
  providers: [LoadsService],
})
export class LoadsModule {}
