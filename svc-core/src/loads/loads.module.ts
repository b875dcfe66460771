import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { eventsClientModule } from '@tms/service-kit';
import { CustomerEntity } from '../customers/customer.entity.js';
import { DriverEntity } from '../drivers/driver.entity.js';
import { TruckEntity } from '../trucks/truck.entity.js';
import { LoadEntity } from './load.entity.js';
import { LoadsController } from './loads.controller.js';
import { LoadsService } from './loads.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([LoadEntity, CustomerEntity, DriverEntity, TruckEntity]), eventsClientModule()],
  controllers: [LoadsController],
  providers: [LoadsService],
})
export class LoadsModule {}
