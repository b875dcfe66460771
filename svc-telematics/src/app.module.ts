import { Module } from '@nestjs/common';
import { healthController } from '@tms/service-kit';

/** svc-telematics: its domain's handlers join this module as the domain lands (README: Adding a domain). */
@Module({ controllers: [healthController('telematics')] })
export class AppModule {}
