import { Module } from '@nestjs/common';
import { ServicesModule } from '../services/services.module.js';
import { AccountingFilesController } from './accounting-files.controller.js';
import { CompanyController } from './company.controller.js';
import { FactoringController } from './factoring.controller.js';
import { CsvImport } from '../resources/csv-import.js';

/** Issue 26's accounting routes: the company profile, the invoice and settlement drafts, and the PDFs; factoring (issue 45). */
@Module({ imports: [ServicesModule], controllers: [CompanyController, AccountingFilesController, FactoringController], providers: [CsvImport] })
export class AccountingModule {}
