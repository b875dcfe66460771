import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions, healthController, openDatabase } from '@tms/service-kit';
import { DataSource } from 'typeorm';
import { CustomerEntity } from './customers/customer.entity.js';
import { CustomersModule } from './customers/customers.module.js';
import { DriverEntity } from './drivers/driver.entity.js';
import { DriversModule } from './drivers/drivers.module.js';
import { LoadEntity } from './loads/load.entity.js';
import { LoadsModule } from './loads/loads.module.js';
import { Fleet1763780000000 } from './migrations/1763780000000-fleet.js';
import { ListOrder1763800000000 } from './migrations/1763800000000-list-order.js';
import { Dispatch1763900000000 } from './migrations/1763900000000-dispatch.js';
import { TruckEntity } from './trucks/truck.entity.js';
import { TrucksModule } from './trucks/trucks.module.js';

/** svc-core owns the `core` schema: every entity and migration of the service is listed here. */
export const CORE_DATABASE = {
  schema: 'core',
  entities: [TruckEntity, DriverEntity, CustomerEntity, LoadEntity],
  migrations: [Fleet1763780000000, ListOrder1763800000000, Dispatch1763900000000],
};

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      useFactory: () => dataSourceOptions(CORE_DATABASE),
      dataSourceFactory: async (options) => openDatabase(new DataSource(options!)),
    }),
    TrucksModule,
    DriversModule,
    CustomersModule,
    LoadsModule,
  ],
  controllers: [healthController('core')],
})
export class AppModule {}
