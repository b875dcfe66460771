import { Injectable } from '@nestjs/common';

/** What the GPS writer of this process stored since the stop watcher last looked. */
export interface Moves {
  /** The trucks it stored positions of. */
  trucks: Set<string>;
  /**
   * Of those, the trucks with positions not after every position stored before them (IftaBatch.late: a late position,
   * another replica's in between), each with the earliest time among them (ISO text as the gateway writes it).
   */
  late: Map<string, string>;
}

/**
 * The trucks the GPS writer of this process stored positions of since the stop watcher last looked: the watcher reads
 * only those trucks, after what it decided, and a truck with a position late at or before that (a late position, a
 * batch delivered again) has its load decided again from all positions. Kept in memory (a set entry per truck), so
 * noting costs the writer next to nothing.
 */
@Injectable()
export class MovedTrucks {
  private moves: Moves = { trucks: new Set(), late: new Map() };

  /** After a batch commits: its trucks' positions, and IftaBatch.late's. */
  note(positions: readonly { truckId: string }[], late: ReadonlyMap<string, string>) {
    const { trucks } = this.moves;
    for (const { truckId } of positions) trucks.add(truckId);
    for (const [truckId, time] of late) {
      const kept = this.moves.late.get(truckId);
      // The same width, UTC: text order is time order.
      if (kept === undefined || time < kept) this.moves.late.set(truckId, time);
    }
  }

  /** What was noted, forgotten here. */
  take(): Moves {
    const taken = this.moves;
    this.moves = { trucks: new Set(), late: new Map() };
    return taken;
  }

  /** Notes again what `take` answered (the watcher could not look at it this time). */
  giveBack(taken: Moves) {
    this.note([...taken.trucks].map((truckId) => ({ truckId })), taken.late);
  }
}
