import { Injectable } from '@nestjs/common';
import { ok, STOP_ATTENTION_MESSAGES, type RpcReply, type StopAttention, type StopAttentionKind } from '@tms/contracts';
import { internalErrorReply } from '@tms/service-kit';
import { DataSource } from 'typeorm';

/** At most this many loads are answered, the latest first: the Dashboard shows a few and counts the rest. */
const MOST = 500;

/**
 * The loads under way (assigned or in transit) whose stops need attention, each by its first such stop: the last
 * stop left while the load is not delivered (paperwork decides that); a stop not reached by its appointment's end
 * (late, by how long); a stop whose estimate from the truck's latest position comes after it (at risk).
 */
@Injectable()
export class StopAttentionList {
  constructor(private readonly data: DataSource) {}

  async list(): Promise<RpcReply<StopAttention[]>> {
    try {
      const rows: { loadId: string; loadNumber: string; kind: StopAttentionKind; stopId: string; sequence: number; location: string; lateMinutes: number }[] = await this.data.query(
        `SELECT * FROM (
           SELECT DISTINCT ON (l.id) l.id AS "loadId", l.load_number AS "loadNumber", s.id AS "stopId", s.sequence, s.location,
             CASE WHEN s.sequence = l.stop_count AND s.departed_at IS NOT NULL THEN 'departed-last'
                  WHEN s.arrived_at IS NULL AND coalesce(s.appointment_end, s.appointment_start) < now() THEN 'late'
                  ELSE 'at-risk' END AS kind,
             CASE WHEN s.sequence = l.stop_count AND s.departed_at IS NOT NULL THEN 0
                  WHEN s.arrived_at IS NULL AND coalesce(s.appointment_end, s.appointment_start) < now()
                    THEN floor(extract(epoch FROM now() - coalesce(s.appointment_end, s.appointment_start)) / 60)::int
                  ELSE floor(extract(epoch FROM s.eta - coalesce(s.appointment_end, s.appointment_start)) / 60)::int END AS "lateMinutes"
           FROM core.loads l JOIN core.load_stops s ON s.load_id = l.id
           WHERE l.status IN ('assigned', 'in-transit')
             AND ((s.sequence = l.stop_count AND s.departed_at IS NOT NULL)
               OR (s.arrived_at IS NULL AND coalesce(s.appointment_end, s.appointment_start) < now())
               OR (s.arrived_at IS NULL AND s.eta > coalesce(s.appointment_end, s.appointment_start)))
           ORDER BY l.id, (s.sequence = l.stop_count AND s.departed_at IS NOT NULL) DESC, s.sequence
         ) attention
         ORDER BY kind = 'departed-last' DESC, kind = 'late' DESC, "lateMinutes" DESC, "loadNumber"
         LIMIT ${MOST}`,
      );
      return ok(rows.map((row) => ({ ...row, message: messageOf(row) })));
    } catch (error) {
      return internalErrorReply(error);
    }
  }
}

function messageOf({ kind, sequence, location, lateMinutes }: { kind: StopAttentionKind; sequence: number; location: string; lateMinutes: number }): string {
  if (kind === 'departed-last') return STOP_ATTENTION_MESSAGES.departedLast;
  return kind === 'late' ? STOP_ATTENTION_MESSAGES.late(sequence, location, lateMinutes) : STOP_ATTENTION_MESSAGES.atRisk(sequence, location, lateMinutes);
}
