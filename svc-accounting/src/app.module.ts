import { Module } from '@nestjs/common';
import { healthController } from '@tms/service-kit';

/** svc-accounting: its domain's handlers join this module as the domain lands (README: Adding a domain). */
@Module({ controllers: [healthController('accounting')] })
export class AppModule {}
