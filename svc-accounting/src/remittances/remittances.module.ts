import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InvoiceEntity } from '../invoices/invoice.entity.js';
import { PaymentEntity } from '../payments/payment.entity.js';
import { RemittanceEntity } from './remittance.entity.js';
import { RemittanceCreditController, RemittancesController } from './remittances.controller.js';
import { RemittancesService } from './remittances.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([RemittanceEntity, PaymentEntity, InvoiceEntity])],
  controllers: [RemittancesController, RemittanceCreditController],
  providers: [RemittancesService],
})
export class RemittancesModule {}
