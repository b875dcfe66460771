import { Module } from '@nestjs/common';
import { ServicesModule } from '../services/services.module.js';
import { CsvImport } from './csv-import.js';
import { ResourcesController } from './resources.controller.js';

@Module({ imports: [ServicesModule], controllers: [ResourcesController], providers: [CsvImport] })
export class ResourcesModule {}
