import { Module } from '@nestjs/common';
import { ServicesModule } from '../services/services.module.js';
import { CalendarFeeds } from './calendar-feeds.js';
import { ComplianceController } from './compliance.controller.js';

@Module({ imports: [ServicesModule], controllers: [ComplianceController], providers: [CalendarFeeds] })
export class ComplianceModule {}
