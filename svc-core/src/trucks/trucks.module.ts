import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TruckEntity } from './truck.entity.js';
import { TrucksController, TrucksImportController } from './trucks.controller.js';
import { TrucksService } from './trucks.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([TruckEntity])],
  controllers: [TrucksController, TrucksImportController],
  providers: [TrucksService],
  exports: [TrucksService],
})
export class TrucksModule {}
