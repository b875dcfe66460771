import { Module } from '@nestjs/common';
import { ServicesModule } from '../services/services.module.js';
import { AgingController } from './aging.controller.js';
import { IftaController } from './ifta.controller.js';

/** Reports: IFTA (issue 29) and receivables aging (issue 46), forwarded to the services that own their parts. */
@Module({ imports: [ServicesModule], controllers: [IftaController, AgingController] })
export class ReportsModule {}
