import { Module } from '@nestjs/common';
import { ServicesModule } from '../services/services.module.js';
import { DevicesController } from './devices.controller.js';
import { GpsController } from './gps.controller.js';
import { GpsIngestion } from './gps-ingestion.service.js';

/**
 * Devices' ingestion (GpsIngestion, served by device-requests.ts ahead of Nest), their registration and the latest
 * positions.
 */
@Module({ imports: [ServicesModule], controllers: [GpsController, DevicesController], providers: [GpsIngestion] })
export class GpsModule {}
