import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CompanyModule } from '../company/company.module.js';
import { InvoiceEntity } from '../invoices/invoice.entity.js';
import { InvoicesModule } from '../invoices/invoices.module.js';
import { PdfModule } from '../pdf/pdf.module.js';
import { ChargeBacks } from './charge-backs.js';
import { FactorSettingsModule } from './factor-settings.module.js';
import { FactoringReportEntity } from './factoring-report.entity.js';
import { FactoringReportsService } from './factoring-reports.service.js';
import { FactoringScheduleEntity } from './factoring-schedule.entity.js';
import { FactoringSchedulesService } from './factoring-schedules.service.js';
import { FactoringController } from './factoring.controller.js';
import { LedgerEntryEntity } from './ledger-entry.entity.js';
import { LedgerService } from './ledger.service.js';
import { FactoringReadiness } from './readiness.js';
import { ScheduleFilesService } from './schedule-files.service.js';

/** Issue 45: factoring (the factor, schedules of accounts, the factor's reports, the ledger and recourse). */
@Module({
  imports: [
    TypeOrmModule.forFeature([InvoiceEntity, FactoringScheduleEntity, FactoringReportEntity, LedgerEntryEntity]),
    CompanyModule,
    PdfModule,
    InvoicesModule,
    FactorSettingsModule,
  ],
  controllers: [FactoringController],
  providers: [FactoringReadiness, FactoringSchedulesService, ScheduleFilesService, FactoringReportsService, LedgerService, ChargeBacks],
})
export class FactoringModule {}
