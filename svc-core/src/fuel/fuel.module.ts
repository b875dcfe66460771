import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FuelEntity } from './fuel.entity.js';
import { FuelController } from './fuel.controller.js';
import { FuelService } from './fuel.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([FuelEntity])],
  controllers: [FuelController],
  providers: [FuelService],
})
export class FuelModule {}
