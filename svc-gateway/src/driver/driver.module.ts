import { Module } from '@nestjs/common';
import { ServicesModule } from '../services/services.module.js';
import { DriverPairingController } from './driver-pairing.controller.js';

/** Staff's side of the driver app (issue 44); the driver origin itself is served apart (driver-origin.ts). */
@Module({ imports: [ServicesModule], controllers: [DriverPairingController] })
export class DriverModule {}
