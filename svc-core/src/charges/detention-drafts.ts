import { Injectable, Logger } from '@nestjs/common';
import { CHARGE_CODE_LABELS, detentionAt, detentionDescription, type LoadChargeTerms, type RpcReply } from '@tms/contracts';
import type { ChangeContext } from '@tms/service-kit';
import { DataSource } from 'typeorm';
import { ChargesService } from './charges.service.js';
import { ChargeTermsService } from './charge-terms.service.js';

interface StopTimes {
  id: string;
  sequence: number;
  place: string;
  appointmentStart: string | null;
  appointmentEnd: string | null;
  arrivedAt: string | null;
  departedAt: string | null;
}

interface DraftedLine {
  id: string;
  code: 'DETENTION' | 'STOP_OFF';
  stopId: string | null;
  status: string;
  drafted: boolean;
  quantity: string;
  rate: string;
  description: string | null;
}

/**
 * Drafts a load's detention and stop-off lines from its stops (issue 43), after a change of their times has
 * committed (GPS's, through the stop watch; a dispatcher's or driver's, through the load's write): for each stop the
 * truck left past its free time, one DETENTION line (requested, billable) of the billed hours at the terms' rate
 * (detentionAt, the rule the drawer's clock shows); a changed time updates a drafted line still requested, and a
 * time that no longer bills (cleared, within the free time, a late arrival) deletes it; a line approved, denied or
 * typed by someone is never touched. Each extra stop (neither the first nor the last) gets one STOP_OFF line when
 * the terms price one. Every line is written through ChargesService's pipeline (audited, announced), as the one who
 * changed the times. Drafts of one load run one after another in this process; across replicas, the one line per
 * stop (a unique index) and the draft's check under the line's lock keep two drafts from doubling or overwriting.
 */
@Injectable()
export class DetentionDrafts {
  private readonly logger = new Logger(DetentionDrafts.name);
  /** The draft of each load under way in this process, the next one chained after it. */
  private readonly running = new Map<string, Promise<void>>();

  constructor(
    private readonly data: DataSource,
    private readonly charges: ChargesService,
    private readonly terms: ChargeTermsService,
  ) {}

  /** Drafts the load's lines as `context` (who changed the times); never throws (a failure is logged). */
  draft(loadId: string, context: ChangeContext): Promise<void> {
    const previous = this.running.get(loadId) ?? Promise.resolve();
    const next = previous.then(() => this.draftNow(loadId, context)).catch((error: unknown) => {
      this.logger.error(`Drafting the charges of load ${loadId} failed: ${error instanceof Error ? error.stack : String(error)}`);
    });
    this.running.set(loadId, next);
    void next.finally(() => this.running.get(loadId) === next && this.running.delete(loadId));
    return next;
  }

  private async draftNow(loadId: string, context: ChangeContext) {
    const terms = await this.terms.forLoad(loadId);
    if (!terms) return; // deleted meanwhile
    const stops: StopTimes[] = await this.data.query(
      `SELECT id, sequence, coalesce(facility, location) AS place, appointment_start AS "appointmentStart", appointment_end AS "appointmentEnd",
              arrived_at AS "arrivedAt", departed_at AS "departedAt"
       FROM core.load_stops WHERE load_id = $1 ORDER BY sequence`,
      [loadId],
    );
    const lines: DraftedLine[] = await this.data.query(
      `SELECT id, code, stop_id AS "stopId", status, drafted, quantity::text AS quantity, rate::text AS rate, description
       FROM core.load_charges WHERE load_id = $1 AND code IN ('DETENTION', 'STOP_OFF')`,
      [loadId],
    );
    const lineOf = (code: DraftedLine['code'], stopId: string) => lines.find((line) => line.code === code && line.stopId === stopId);
    const stillDraft = (line: DraftedLine | undefined): line is DraftedLine => !!line && line.drafted && line.status === 'requested';

    for (const stop of stops) {
      await this.detention(loadId, stop, terms, lineOf('DETENTION', stop.id), context);
      const extra = stop.sequence > 1 && stop.sequence < stops.length;
      if (extra && terms.stopOffPerStop && !lineOf('STOP_OFF', stop.id)) {
        await this.write(this.charges.draft(context, (draft) => this.charges.create({ ...this.stopOff(stop, terms), loadId }, draft)));
      }
    }
    // A drafted line whose stop is gone (the stops were replaced without it) goes while still requested.
    for (const line of lines.filter((line) => line.stopId === null && stillDraft(line))) {
      await this.write(this.charges.draft(context, (draft) => this.charges.delete(line.id, draft)));
    }
  }

  private async detention(loadId: string, stop: StopTimes, terms: LoadChargeTerms, line: DraftedLine | undefined, context: ChangeContext) {
    const iso = (at: unknown) => (at ? new Date(at as string).toISOString() : null);
    const detention = detentionAt(
      { appointmentStart: iso(stop.appointmentStart), appointmentEnd: iso(stop.appointmentEnd), arrivedAt: iso(stop.arrivedAt), departedAt: iso(stop.departedAt) },
      terms,
    );
    const stillDraft = !!line && line.drafted && line.status === 'requested';
    if (detention.state !== 'billable') {
      if (line && stillDraft) await this.write(this.charges.draft(context, (draft) => this.charges.delete(line.id, draft)));
      return;
    }
    const fields = { quantity: detention.hours, rate: terms.detentionRatePerHour, description: detentionDescription(stop.place, detention, terms) };
    if (!line) {
      const created = { code: 'DETENTION', unit: 'hour', billable: true, payableToDriver: false, reimbursable: false, status: 'requested', stopId: stop.id, loadId, ...fields };
      await this.write(this.charges.draft(context, (draft) => this.charges.create(created, draft)));
    } else if (stillDraft && (line.quantity !== fields.quantity || line.rate !== fields.rate || line.description !== fields.description)) {
      await this.write(this.charges.draft(context, (draft) => this.charges.update(line.id, fields, draft)));
    }
  }

  private stopOff(stop: StopTimes, terms: LoadChargeTerms) {
    return {
      code: 'STOP_OFF', description: `${CHARGE_CODE_LABELS.STOP_OFF} at ${stop.place} (stop ${stop.sequence})`, quantity: '1', unit: 'stop', rate: terms.stopOffPerStop,
      billable: true, payableToDriver: false, reimbursable: false, status: 'requested', stopId: stop.id,
    };
  }

  /** A draft write refused (a line decided or made meanwhile) is left as it is: the next change drafts again. */
  private async write(reply: Promise<RpcReply<unknown>>) {
    const answered = await reply;
    if (!answered.ok && answered.error.code !== 'conflict' && answered.error.code !== 'not_found') {
      this.logger.warn(`A drafted charge was refused: ${JSON.stringify(answered.error)}`);
    }
  }
}
