import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IftaModule } from '../ifta/ifta.module.js';
import { StopsModule } from '../stops/stops.module.js';
import { DeadLetters } from './dead-letters.js';
import { LatestLocationEntity } from './latest-location.entity.js';
import { PositionsConsumer } from './positions.consumer.js';
import { PositionsController } from './positions.controller.js';
import { PositionsPartitions } from './positions.partitions.js';
import { PositionsWriter } from './positions.writer.js';

@Module({
  imports: [TypeOrmModule.forFeature([LatestLocationEntity]), IftaModule, StopsModule],
  controllers: [PositionsController],
  providers: [PositionsWriter, PositionsConsumer, PositionsPartitions, DeadLetters],
  exports: [DeadLetters],
})
export class PositionsModule {}
