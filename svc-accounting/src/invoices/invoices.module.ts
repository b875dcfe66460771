import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { eventsClientModule } from '@tms/service-kit';
import { PaymentEntity } from '../payments/payment.entity.js';
import { InvoiceEntity } from './invoice.entity.js';
import { InvoicesController } from './invoices.controller.js';
import { InvoicesService } from './invoices.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([InvoiceEntity, PaymentEntity]), eventsClientModule()],
  controllers: [InvoicesController],
  providers: [InvoicesService],
})
export class InvoicesModule {}
