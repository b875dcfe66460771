import { Injectable } from '@nestjs/common';

/**
 * The trucks the GPS writer of this process stored positions of since the stop watcher last looked, each with the
 * earliest (recorded) time among them: the watcher reads only those trucks, and a truck's time at or before what it
 * has decided up to (a late position, a batch delivered again) makes it decide that load again from all positions.
 * Kept in memory (a map entry per truck), so noting costs the writer next to nothing.
 */
@Injectable()
export class MovedTrucks {
  private earliest = new Map<string, string>();

  /** After a batch commits. `timestamp`: ISO text as the gateway writes it (same width, UTC: text order is time order). */
  note(positions: readonly { truckId: string; timestamp: string }[]) {
    const earliest = this.earliest;
    for (const { truckId, timestamp } of positions) {
      const kept = earliest.get(truckId);
      if (kept === undefined || timestamp < kept) earliest.set(truckId, timestamp);
    }
  }

  /** What was noted, forgotten here. */
  take(): Map<string, string> {
    const taken = this.earliest;
    this.earliest = new Map();
    return taken;
  }

  /** Notes again what `take` answered (the watcher could not look at it this time). */
  giveBack(taken: ReadonlyMap<string, string>) {
    for (const [truckId, timestamp] of taken) this.note([{ truckId, timestamp }]);
  }
}
