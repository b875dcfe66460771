import { Module } from '@nestjs/common';
import { ServicesModule } from '../services/services.module.js';
import { LoadsController } from './loads.controller.js';

@Module({ imports: [ServicesModule], controllers: [LoadsController] })
export class LoadsModule {}
