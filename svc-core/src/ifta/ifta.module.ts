import { Module } from '@nestjs/common';
import { IftaController } from './ifta.controller.js';
import { IftaFuelService } from './ifta.service.js';

/** IFTA's fuel side: read-only over the fuel purchases. */
@Module({ controllers: [IftaController], providers: [IftaFuelService] })
export class IftaModule {}
