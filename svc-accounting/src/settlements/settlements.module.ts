import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CompanyModule } from '../company/company.module.js';
import { DriverDeductionsModule } from '../deductions/driver-deductions.module.js';
import { PdfModule } from '../pdf/pdf.module.js';
import { SettlementEntity } from './settlement.entity.js';
import { SettlementFilesController } from './settlement-files.controller.js';
import { SettlementFilesService } from './settlement-files.service.js';
import { SettlementsController } from './settlements.controller.js';
import { SettlementsService } from './settlements.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([SettlementEntity]), CompanyModule, PdfModule, DriverDeductionsModule],
  controllers: [SettlementsController, SettlementFilesController],
  providers: [SettlementsService, SettlementFilesService],
})
export class SettlementsModule {}
