import { Module } from '@nestjs/common';
import { ComplianceController } from './compliance.controller.js';
import { ComplianceService } from './compliance.service.js';

/** Compliance at a glance: read-only, across drivers, trucks, inspections, maintenance and violations. */
@Module({ controllers: [ComplianceController], providers: [ComplianceService] })
export class ComplianceModule {}
