import { Module } from '@nestjs/common';
import { ServicesModule } from '../services/services.module.js';
import { GpsController } from './gps.controller.js';
import { GpsIngestion } from './gps-ingestion.service.js';

/** Devices' ingestion (GpsIngestion, served by device-requests.ts ahead of Nest) and the latest positions. */
@Module({ imports: [ServicesModule], controllers: [GpsController], providers: [GpsIngestion] })
export class GpsModule {}
