import { Module } from '@nestjs/common';
import { healthController } from '@tms/service-kit';

/** svc-ai: its domain's handlers join this module as the domain lands (README: Adding a domain). */
@Module({ controllers: [healthController('ai')] })
export class AppModule {}
