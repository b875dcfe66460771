import type { GpsEnvelope } from '@tms/contracts';
import { QueryFailedError } from 'typeorm';

/** A stream message's envelopes, with where they came from ('GPS_x message 12': where a refused position came from). */
export interface StreamEnvelopes {
  message: string;
  envelopes: GpsEnvelope[];
}

/** One position, as an envelope of its own, with its stream message and its place in it. */
export interface SinglePosition {
  envelope: GpsEnvelope;
  message: string;
  index: number;
}

export interface RefusedPosition extends SinglePosition {
  reason: string;
}

/**
 * SQLSTATE classes of a refusal by the data itself, which no retry changes: 21 (a row affected twice), 22 (a value
 * out of range, of the wrong form), 23 (a null where a value is required). Anything else (a lost connection, a
 * deadlock, a full disk) is Postgres's own trouble: the batch is tried again later, whole.
 */
const REFUSAL_CLASSES = new Set(['21', '22', '23']);

/** A write refused for what it holds; a TypeError is a position the writer could not even read (no object). */
export function isRefusal(error: unknown): boolean {
  if (error instanceof QueryFailedError) return REFUSAL_CLASSES.has(String((error.driverError as { code?: unknown }).code).slice(0, 2));
  return error instanceof TypeError;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);

/**
 * Writes a batch; should Postgres refuse it for what it holds, splits it in halves, and halves of those, until every
 * position it takes is written and each one it refuses is alone: those are answered, to be set apart. Other failures
 * are thrown (the whole batch is retried); a part written before one is written again harmlessly then.
 */
export async function writeOrRefuse(write: (envelopes: GpsEnvelope[]) => Promise<unknown>, batch: StreamEnvelopes[]): Promise<RefusedPosition[]> {
  try {
    await write(batch.flatMap((message) => message.envelopes));
    return [];
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return bisect(write, singlePositions(batch), reasonOf(error));
  }
}

/** `positions`, known to be refused together (for `reason`): each half written, or split again. */
async function bisect(write: (envelopes: GpsEnvelope[]) => Promise<unknown>, positions: SinglePosition[], reason: string): Promise<RefusedPosition[]> {
  if (positions.length === 1) return [{ ...positions[0], reason }];
  const refused: RefusedPosition[] = [];
  const middle = positions.length >> 1;
  for (const half of [positions.slice(0, middle), positions.slice(middle)]) {
    try {
      await write(half.map((position) => position.envelope));
    } catch (error) {
      if (!isRefusal(error)) throw error;
      refused.push(...(await bisect(write, half, reasonOf(error))));
    }
  }
  return refused;
}

function singlePositions(batch: StreamEnvelopes[]): SinglePosition[] {
  const positions: SinglePosition[] = [];
  for (const { message, envelopes } of batch) {
    let index = 0;
    for (const envelope of envelopes) {
      for (const position of envelope.positions) positions.push({ envelope: { ...envelope, positions: [position] }, message, index: index++ });
    }
  }
  return positions;
}
