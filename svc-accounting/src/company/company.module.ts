import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CompanyProfileEntity } from './company-profile.entity.js';
import { CompanyController } from './company.controller.js';
import { CompanyService } from './company.service.js';

/** The carrier's profile; CompanyService is exported for what invoices and statements print and date. */
@Module({
  imports: [TypeOrmModule.forFeature([CompanyProfileEntity])],
  controllers: [CompanyController],
  providers: [CompanyService],
  exports: [CompanyService],
})
export class CompanyModule {}
