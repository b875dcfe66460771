import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InspectionEntity } from './inspection.entity.js';
import { InspectionsController } from './inspections.controller.js';
import { InspectionsService } from './inspections.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([InspectionEntity])],
  controllers: [InspectionsController],
  providers: [InspectionsService],
})
export class InspectionsModule {}
