import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions, healthController, openDatabase, serviceRequestsModule } from '@tms/service-kit';
import { DataSource } from 'typeorm';
import { ExtractModule } from './extract/extract.module.js';
import { ExtractLayoutEntity } from './layouts/extract-layout.entity.js';
import { ExtractLayouts1767400000000 } from './migrations/1767400000000-extract-layouts.js';

/** svc-ai owns the `ai` schema: the layouts it learned from saved loads (issue 49). Every entity and migration is listed here. */
export const AI_DATABASE = {
  schema: 'ai',
  entities: [ExtractLayoutEntity],
  migrations: [ExtractLayouts1767400000000],
};

/** svc-ai: reads freight documents into the fields of a new load, and learns each sender's layout from saved loads. */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      useFactory: () => dataSourceOptions(AI_DATABASE),
      dataSourceFactory: async (options) => openDatabase(new DataSource(options!)),
    }),
    // The loads whose documents it learns from are svc-core's: asked for over NATS.
    serviceRequestsModule(),
    ExtractModule,
  ],
  controllers: [healthController('ai')],
})
export class AppModule {}
