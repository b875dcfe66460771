import { Module } from '@nestjs/common';
import { ServicesModule } from '../services/services.module.js';
import { IftaController } from './ifta.controller.js';

/** Reports composed from several services: IFTA (issue 29). */
@Module({ imports: [ServicesModule], controllers: [IftaController] })
export class ReportsModule {}
