import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FactorSettingsEntity } from './factor-settings.entity.js';
import { FactorSettingsService } from './factor-settings.service.js';

/** The factor's settings, for the factoring routes and for what invoices print (remit-to, notice). */
@Module({ imports: [TypeOrmModule.forFeature([FactorSettingsEntity])], providers: [FactorSettingsService], exports: [FactorSettingsService] })
export class FactorSettingsModule {}
