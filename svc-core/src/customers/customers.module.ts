import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoadEntity } from '../loads/load.entity.js';
import { CustomerEntity } from './customer.entity.js';
import { CustomersController, CustomersImportController } from './customers.controller.js';
import { CustomersService } from './customers.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([CustomerEntity, LoadEntity])],
  controllers: [CustomersController, CustomersImportController],
  providers: [CustomersService],
})
export class CustomersModule {}
