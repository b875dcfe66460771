import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccidentEntity } from './accident.entity.js';
import { AccidentsController } from './accidents.controller.js';
import { AccidentsService } from './accidents.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([AccidentEntity])],
  controllers: [AccidentsController],
  providers: [AccidentsService],
})
export class AccidentsModule {}
