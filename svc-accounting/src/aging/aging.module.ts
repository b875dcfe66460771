import { Module } from '@nestjs/common';
import { CompanyModule } from '../company/company.module.js';
import { AgingController } from './aging.controller.js';
import { AgingService } from './aging.service.js';

/** Receivables aging: the invoices and payments kept here, as of a day. */
@Module({ imports: [CompanyModule], controllers: [AgingController], providers: [AgingService] })
export class AgingModule {}
