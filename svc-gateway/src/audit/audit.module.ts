import { Module } from '@nestjs/common';
import { ServicesModule } from '../services/services.module.js';
import { AuditController } from './audit.controller.js';

@Module({ imports: [ServicesModule], controllers: [AuditController] })
export class AuditModule {}
