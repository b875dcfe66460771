import { Module } from '@nestjs/common';
import { IftaRatesModule } from '../ifta-rates/ifta-rates.module.js';
import { IftaController } from './ifta.controller.js';
import { IftaReportService } from './ifta.service.js';

/** IFTA's return: the miles and fuel of the other services, taxed at the rates kept here. */
@Module({ imports: [IftaRatesModule], controllers: [IftaController], providers: [IftaReportService] })
export class IftaModule {}
