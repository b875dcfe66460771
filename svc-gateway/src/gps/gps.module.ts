import { Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import express from 'express';
import { ServicesModule } from '../services/services.module.js';
import { GpsController } from './gps.controller.js';
import { GpsIngestion } from './gps-ingestion.service.js';

@Module({ imports: [ServicesModule], controllers: [GpsController], providers: [GpsIngestion] })
export class GpsModule implements NestModule {
  /** OsmAnd clients may post their parameters as a form. */
  configure(consumer: MiddlewareConsumer) {
    consumer.apply(express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 50 })).forRoutes('api/gps/osmand');
  }
}
