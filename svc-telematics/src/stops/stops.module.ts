import { Module } from '@nestjs/common';
import { MovedTrucks } from './moved-trucks.js';
import { StopWatcher } from './stop-watcher.js';

/** Arrivals and departures at loads' stops from the stored positions (issue 42): the GPS writer notes the trucks. */
@Module({
  providers: [MovedTrucks, StopWatcher],
  exports: [MovedTrucks],
})
export class StopsModule {}
