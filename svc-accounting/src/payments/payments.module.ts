import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { eventsClientModule } from '@tms/service-kit';
import { InvoiceEntity } from '../invoices/invoice.entity.js';
import { PaymentEntity } from './payment.entity.js';
import { PaymentsController } from './payments.controller.js';
import { PaymentsService } from './payments.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([PaymentEntity, InvoiceEntity]), eventsClientModule()],
  controllers: [PaymentsController],
  providers: [PaymentsService],
})
export class PaymentsModule {}
