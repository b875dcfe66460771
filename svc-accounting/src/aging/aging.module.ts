import { Module } from '@nestjs/common';
import { CompanyModule } from '../company/company.module.js';
import { PdfModule } from '../pdf/pdf.module.js';
import { AccountStatementService } from './account-statement.service.js';
import { AgingController } from './aging.controller.js';
import { AgingService } from './aging.service.js';

/** Receivables aging and customers' statements of account: the invoices and payments kept here, as of a day. */
@Module({ imports: [CompanyModule, PdfModule], controllers: [AgingController], providers: [AgingService, AccountStatementService] })
export class AgingModule {}
