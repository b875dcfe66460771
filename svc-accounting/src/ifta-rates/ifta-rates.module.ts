import { Module } from '@nestjs/common';
import { IftaRatesController } from './ifta-rates.controller.js';
import { IftaRatesService } from './ifta-rates.service.js';

/** IFTA's tax rates, entered per quarter and state. */
@Module({ controllers: [IftaRatesController], providers: [IftaRatesService], exports: [IftaRatesService] })
export class IftaRatesModule {}
