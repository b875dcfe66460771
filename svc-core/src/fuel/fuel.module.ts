import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FuelEntity } from './fuel.entity.js';
import { FuelMappingEntity } from './fuel-mapping.entity.js';
import { FuelMappingsService } from './fuel-mappings.service.js';
import { FuelController } from './fuel.controller.js';
import { FuelImportsController } from './fuel-imports.controller.js';
import { FuelImportsService } from './fuel-imports.service.js';
import { FuelService } from './fuel.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([FuelEntity, FuelMappingEntity])],
  controllers: [FuelController, FuelImportsController],
  providers: [FuelService, FuelImportsService, FuelMappingsService],
})
export class FuelModule {}
