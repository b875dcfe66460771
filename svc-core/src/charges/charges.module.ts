import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChargeEntity } from './charge.entity.js';
import { ChargeTermsEntity } from './charge-terms.entity.js';
import { ChargesController } from './charges.controller.js';
import { ChargesService } from './charges.service.js';
import { ChargeTermsService } from './charge-terms.service.js';
import { DetentionDrafts } from './detention-drafts.js';

@Module({
  imports: [TypeOrmModule.forFeature([ChargeEntity, ChargeTermsEntity])],
  controllers: [ChargesController],
  providers: [ChargesService, ChargeTermsService, DetentionDrafts],
  exports: [DetentionDrafts, ChargeTermsService],
})
export class ChargesModule {}
