import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PaymentEntity } from '../payments/payment.entity.js';
import { InvoiceEntity } from './invoice.entity.js';
import { InvoicesController } from './invoices.controller.js';
import { InvoicesService } from './invoices.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([InvoiceEntity, PaymentEntity])],
  controllers: [InvoicesController],
  providers: [InvoicesService],
})
export class InvoicesModule {}
