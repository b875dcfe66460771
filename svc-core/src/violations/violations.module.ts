import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ViolationEntity } from './violation.entity.js';
import { ViolationsController } from './violations.controller.js';
import { ViolationsService } from './violations.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([ViolationEntity])],
  controllers: [ViolationsController],
  providers: [ViolationsService],
})
export class ViolationsModule {}
