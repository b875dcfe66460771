import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CompanyModule } from '../company/company.module.js';
import { FactorSettingsModule } from '../factoring/factor-settings.module.js';
import { PaymentEntity } from '../payments/payment.entity.js';
import { PdfModule } from '../pdf/pdf.module.js';
import { Mailer } from '../mail/mailer.js';
import { InvoiceEmailService } from './invoice-email.service.js';
import { InvoiceEntity } from './invoice.entity.js';
import { InvoiceFilesController } from './invoice-files.controller.js';
import { InvoiceFilesService } from './invoice-files.service.js';
import { InvoicesController } from './invoices.controller.js';
import { InvoicesService } from './invoices.service.js';
import { OverdueInvoices } from './overdue-invoices.js';

@Module({
  imports: [TypeOrmModule.forFeature([InvoiceEntity, PaymentEntity]), CompanyModule, PdfModule, FactorSettingsModule],
  controllers: [InvoicesController, InvoiceFilesController],
  providers: [InvoicesService, InvoiceFilesService, InvoiceEmailService, Mailer, OverdueInvoices],
  // A schedule's ZIP holds each invoice's packet (issue 45).
  exports: [InvoiceFilesService],
})
export class InvoicesModule {}
