import { Module } from '@nestjs/common';
import { ServicesModule } from '../services/services.module.js';
import { ResourcesController } from './resources.controller.js';

@Module({ imports: [ServicesModule], controllers: [ResourcesController] })
export class ResourcesModule {}
