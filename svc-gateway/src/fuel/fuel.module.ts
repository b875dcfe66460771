import { Module } from '@nestjs/common';
import { CsvImport } from '../resources/csv-import.js';
import { ServicesModule } from '../services/services.module.js';
import { FuelImportsController } from './fuel-imports.controller.js';

/** Issue 48: fuel card statements (`POST /api/fuel/imports`), ahead of `/api/:resource/:id`. */
@Module({ imports: [ServicesModule], controllers: [FuelImportsController], providers: [CsvImport] })
export class FuelModule {}
