import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SettlementEntity } from './settlement.entity.js';
import { SettlementsController } from './settlements.controller.js';
import { SettlementsService } from './settlements.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([SettlementEntity])],
  controllers: [SettlementsController],
  providers: [SettlementsService],
})
export class SettlementsModule {}
