import { Module } from '@nestjs/common';
import { ServicesModule } from '../services/services.module.js';
import { IftaController } from './ifta.controller.js';

/** Reports: IFTA (issue 29), forwarded to the services that own its parts. */
@Module({ imports: [ServicesModule], controllers: [IftaController] })
export class ReportsModule {}
