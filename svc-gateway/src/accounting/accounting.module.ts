import { Module } from '@nestjs/common';
import { ServicesModule } from '../services/services.module.js';
import { AccountingFilesController } from './accounting-files.controller.js';
import { CompanyController } from './company.controller.js';

/** Issue 26's accounting routes: the company profile, the invoice and settlement drafts, and the PDFs. */
@Module({ imports: [ServicesModule], controllers: [CompanyController, AccountingFilesController] })
export class AccountingModule {}
