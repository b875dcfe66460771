import { Module } from '@nestjs/common';
import { ServicesModule } from '../services/services.module.js';
import { ChargesController } from './charges.controller.js';
import { LoadMessagesController } from './load-messages.controller.js';
import { LoadsController } from './loads.controller.js';

@Module({ imports: [ServicesModule], controllers: [LoadsController, ChargesController, LoadMessagesController] })
export class LoadsModule {}
