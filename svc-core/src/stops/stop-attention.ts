import { Injectable } from '@nestjs/common';
import { companyTime, DETENTION_NOTICE_MINUTES, ok, POD_DOCUMENT_TYPE, STOP_ATTENTION_MESSAGES, type RpcReply, type StopAttention, type StopAttentionKind } from '@tms/contracts';
import { companyTimeZone, internalErrorReply } from '@tms/service-kit';
import { DataSource } from 'typeorm';

/** At most this many loads are answered, the latest first: the Dashboard shows a few and counts the rest. */
const MOST = 500;

const DEPARTED_LAST = `(s.sequence = l.stop_count AND s.departed_at IS NOT NULL)`;
const LATE = `(s.arrived_at IS NULL AND coalesce(s.appointment_end, s.appointment_start) < now())`;
/**
 * Issue 43: waiting at a stop it reached on time, within DETENTION_NOTICE_MINUTES before the free time ends (`d.starts`:
 * the later of the arrival and the appointment's start, plus the free hours of the terms that apply): brokers want
 * notice before detention starts, not after (once it runs, the Charges drawer's clock shows it).
 */
const DETENTION = `(s.arrived_at IS NOT NULL AND s.departed_at IS NULL
  AND (coalesce(s.appointment_end, s.appointment_start) IS NULL OR s.arrived_at <= coalesce(s.appointment_end, s.appointment_start))
  AND now() >= d.starts - interval '${DETENTION_NOTICE_MINUTES} minutes' AND now() < d.starts)`;
const AT_RISK = `(s.arrived_at IS NULL AND s.eta > coalesce(s.appointment_end, s.appointment_start))`;

/**
 * The loads under way (assigned or in transit) whose stops need attention, each by its first such stop, then the
 * loads delivered without a proof of delivery ('Paperwork missing', issue 44): the last
 * stop left while the load is not delivered (paperwork decides that); a stop not reached by its appointment's end
 * (late, by how long); a stop where the truck waits near or past its free time (detention about to start: tell the broker now);
 * a stop whose estimate from the truck's latest position comes after it (at risk).
 */
@Injectable()
export class StopAttentionList {
  private readonly timeZone = companyTimeZone();

  constructor(private readonly data: DataSource) {}

  async list(): Promise<RpcReply<StopAttention[]>> {
    try {
      const rows: (Omit<StopAttention, 'message'> & { place: string; detentionStartsAt: Date | null })[] = await this.data.query(
        `SELECT * FROM (
           SELECT DISTINCT ON (l.id) l.id AS "loadId", l.load_number AS "loadNumber", s.id AS "stopId", s.sequence, s.location,
             coalesce(s.facility, s.location) AS place, d.starts AS "detentionStartsAt",
             CASE WHEN ${DEPARTED_LAST} THEN 'departed-last' WHEN ${LATE} THEN 'late' WHEN ${DETENTION} THEN 'detention' ELSE 'at-risk' END AS kind,
             CASE WHEN ${DEPARTED_LAST} THEN 0
                  WHEN ${LATE} THEN floor(extract(epoch FROM now() - coalesce(s.appointment_end, s.appointment_start)) / 60)::int
                  WHEN ${DETENTION} THEN floor(extract(epoch FROM now() - d.starts) / 60)::int
                  ELSE floor(extract(epoch FROM s.eta - coalesce(s.appointment_end, s.appointment_start)) / 60)::int END AS "lateMinutes"
           FROM core.loads l JOIN core.load_stops s ON s.load_id = l.id
             JOIN core.customers c ON c.id = l.customer_id
             LEFT JOIN core.charge_terms t ON true
             CROSS JOIN LATERAL (
               SELECT greatest(s.arrived_at, s.appointment_start)
                 + make_interval(secs => (coalesce(c.detention_free_hours, t.detention_free_hours) * 3600)::double precision) AS starts
             ) d
           WHERE l.status IN ('assigned', 'in-transit') AND (${DEPARTED_LAST} OR ${LATE} OR ${DETENTION} OR ${AT_RISK})
           ORDER BY l.id, ${DEPARTED_LAST} DESC, s.sequence
         ) attention
         ORDER BY kind = 'departed-last' DESC, kind = 'late' DESC, kind = 'detention' DESC, "lateMinutes" DESC, "loadNumber"
         LIMIT ${MOST}`,
      );
      const attention = rows.map(({ place, detentionStartsAt, ...row }) => ({ ...row, message: this.messageOf(row, place, detentionStartsAt) }));
      return ok([...attention, ...(await this.paperworkMissing(MOST - attention.length))]);
    } catch (error) {
      return internalErrorReply(error);
    }
  }

  /**
   * Issue 44: the loads delivered (not yet invoiced) with no proof of delivery kept on them, by their last stop:
   * billing waits for the paperwork.
   */
  private async paperworkMissing(most: number): Promise<StopAttention[]> {
    if (most <= 0) return [];
    const rows: Omit<StopAttention, 'kind' | 'message'>[] = await this.data.query(
      `SELECT l.id AS "loadId", l.load_number AS "loadNumber", s.id AS "stopId", s.sequence, s.location, 0 AS "lateMinutes"
       FROM core.loads l JOIN core.load_stops s ON s.load_id = l.id AND s.sequence = l.stop_count
       WHERE l.status = 'delivered' AND NOT EXISTS (SELECT 1 FROM core.documents d WHERE d.load_id = l.id AND d.document_type = $1)
       ORDER BY l.delivery_date DESC, l.load_number LIMIT ${most}`,
      [POD_DOCUMENT_TYPE],
    );
    return rows.map((row) => ({ ...row, kind: 'paperwork-missing', message: STOP_ATTENTION_MESSAGES.paperworkMissing }));
  }

  private messageOf({ kind, sequence, location, lateMinutes }: { kind: StopAttentionKind; sequence: number; location: string; lateMinutes: number }, place: string, detentionStartsAt: Date | null): string {
    if (kind === 'departed-last') return STOP_ATTENTION_MESSAGES.departedLast;
    if (kind === 'detention') return STOP_ATTENTION_MESSAGES.detention(companyTime(detentionStartsAt!, this.timeZone).slice(11), place);
    return kind === 'late' ? STOP_ATTENTION_MESSAGES.late(sequence, location, lateMinutes) : STOP_ATTENTION_MESSAGES.atRisk(sequence, location, lateMinutes);
  }
}
