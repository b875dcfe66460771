import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DriverDeductionEntity } from './driver-deduction.entity.js';
import { DriverDeductionsController } from './driver-deductions.controller.js';
import { DriverDeductionsService } from './driver-deductions.service.js';

/** Issue 48: drivers' deductions (cash advances), subtracted by their next settlement. */
@Module({
  imports: [TypeOrmModule.forFeature([DriverDeductionEntity])],
  controllers: [DriverDeductionsController],
  providers: [DriverDeductionsService],
  exports: [DriverDeductionsService],
})
export class DriverDeductionsModule {}
