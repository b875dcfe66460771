import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import {
  fail,
  IMPORTS,
  isRecordId,
  LOAD_MESSAGES,
  loadByNumberQuerySchema,
  fieldIssues,
  loadInputSchema,
  LOAD_RULES,
  ok,
  PAYABLE_LOAD_STATUSES,
  payableLoadsPayloadSchema,
  SETTLEMENT_LOADS_MAX,
  invalidInput,
  readStopsText,
  recordIssues,
  STOP_EVENTS,
  type LoadFields,
  type LoadSummary,
  type Stop,
  type StopEvent,
  type StopFields,
  type LoadSummaryPage,
  type LoadByNumber,
  type RpcReply,
} from '@tms/contracts';
import { announceChange, CrudService, EVENTS, refuseMissingReferences, type Change, type ChangeContext, type ImportRow, type ImportValues, type WriteFields } from '@tms/service-kit';
import { Repository, type EntityManager } from 'typeorm';
import { CustomerEntity } from '../customers/customer.entity.js';
import { AccidentEntity } from '../accidents/accident.entity.js';
import { DocumentFiles } from '../documents/document-files.js';
import { DriverEntity } from '../drivers/driver.entity.js';
import { FuelEntity } from '../fuel/fuel.entity.js';
import { HeldReferences } from '../references/held-references.service.js';
import { TruckEntity } from '../trucks/truck.entity.js';
import { LoadEntity } from './load.entity.js';
import { LOAD_CONSTRAINTS } from './loads.errors.js';
import { LoadStops } from '../stops/load-stops.js';
import { importedStops } from '../stops/imported-stops.js';
import { DetentionDrafts } from '../charges/detention-drafts.js';

/** Loads of a driver's settlement in one answer: about 200 bytes each, well inside a NATS message. */
const PAYABLE_PAGE = 1000;

const SUMMARY = `
  SELECT id, load_number AS "loadNumber", pickup_location AS "pickupLocation", delivery_location AS "deliveryLocation",
         to_char(delivery_date, 'YYYY-MM-DD') AS "deliveryDate", rate::text AS rate, miles,
         stop_count AS "stopCount"
  FROM core.loads`;

/**
 * A load names its customer, and may name a driver and a truck: each must exist when the load is written. Its
 * documents go with it (their rows by the foreign key's cascade, their bytes right after); it is never deleted
 * while another service's records name it (an invoice, an expense); fuel purchases and accidents keep their own
 * record of it without the load (the foreign key nulls it, announced as their update).
 */
@Injectable()
export class LoadsService extends CrudService<LoadEntity, typeof loadInputSchema> {
  constructor(
    @InjectRepository(LoadEntity) repository: Repository<LoadEntity>,
    @Inject(EVENTS) events: ClientProxy,
    private readonly documentFiles: DocumentFiles,
    private readonly held: HeldReferences,
    private readonly stops: LoadStops,
    private readonly drafts: DetentionDrafts,
  ) {
    super(repository, events, {
      entity: 'load',
      schema: loadInputSchema,
      rules: LOAD_RULES,
      constraints: LOAD_CONSTRAINTS,
      order: { createdAt: 'DESC' },
      imports: IMPORTS.loads,
      // Its stops are written with it: a write reads them under the load's lock, as GPS's records do (StopWatch).
      lock: 'row',
      nulledOnDelete: [
        { target: FuelEntity, field: 'loadId', entity: 'fuel' },
        { target: AccidentEntity, field: 'loadId', entity: 'accident' },
      ],
    });
  }

  protected override checkDelete(id: string) {
    return this.held.refuseNamed('load', id);
  }

  /** The customer, driver and truck a load names must exist: say so under each field rather than fail on a key. */
  protected override async check(fields: Partial<LoadFields>) {
    return refuseMissingReferences(this.repository.manager, [
      { field: 'customerId', entity: CustomerEntity, id: fields.customerId, message: LOAD_MESSAGES.customerNotFound },
      { field: 'assignedDriverId', entity: DriverEntity, id: fields.assignedDriverId, message: LOAD_MESSAGES.assignedDriverId },
      { field: 'assignedTruckId', entity: TruckEntity, id: fields.assignedTruckId, message: LOAD_MESSAGES.assignedTruckId },
    ]);
  }

  /**
   * A CSV row's Stops text (the export's stopsSummary column) becomes its stops, matched with the load's stored ones
   * (importedStops); stops the text leaves as they are are no change. Empty or absent, the row gives no stops: a new
   * load gets the two of its pickup and delivery fields, as a create without stops does.
   */
  protected override async importValues(rows: ImportRow<LoadEntity>[]): Promise<ImportValues[]> {
    const given = (values: Readonly<Record<string, string>>) => !!values.stops?.trim();
    const stored = await this.stops.readMany(this.repository.manager, rows.filter(({ values, before }) => before && given(values)).map(({ before }) => before!.id));
    return rows.map(({ values: { stops: text, ...values }, before }) => {
      if (!text?.trim()) return { values };
      const stops = importedStops(readStopsText(text, this.stops.timeZone), (before && stored.get(before.id)) || [], this.stops.timeZone);
      return { values: stops ? { ...values, stops } : values };
    });
  }

  /**
   * Accounting invoiced the load (issue 26): a delivered load becomes invoiced, through update (audited, announced
   * as load.updated); a load in any other status is answered as it is.
   */
  async markInvoiced(id: unknown, context: ChangeContext): Promise<RpcReply<LoadEntity>> {
    const load = await this.get(id);
    if (!load.ok || load.data.status !== 'delivered') return load;
    return this.update(id, { status: 'invoiced' }, context);
  }

  /** A driver's delivered or invoiced loads delivered within a period (both days included), a page at a time. */
  async payable(payload: unknown): Promise<RpcReply<LoadSummaryPage>> {
    const parsed = payableLoadsPayloadSchema.safeParse(payload);
    if (!parsed.success) return fail('invalid', 'Not a payable loads request');
    const { driverId, periodStart, periodEnd, after } = parsed.data;
    const [afterDay, afterId] = after ? after.split('|') : [null, null];
    return this.guard(async () => {
      const loads: LoadSummary[] = await this.repository.query(
        `${SUMMARY}
         WHERE assigned_driver_id = $1 AND delivery_date BETWEEN $2 AND $3 AND status = ANY($4::text[])
           AND ($5::date IS NULL OR (delivery_date, id) > ($5::date, $6::uuid))
         ORDER BY delivery_date, id LIMIT ${PAYABLE_PAGE}`,
        [driverId, periodStart, periodEnd, PAYABLE_LOAD_STATUSES, afterDay, afterId],
      );
      const last = loads.length === PAYABLE_PAGE ? loads.at(-1)! : undefined;
      return ok({ loads, next: last ? `${last.deliveryDate}|${last.id}` : null });
    });
  }

  /**
   * The load with this number, or null (issue 47): the load dialog asks it of a dropped document's number, so that a
   * number already taken is told at once rather than at save (where the unique key refuses it).
   */
  async byNumber(payload: unknown): Promise<RpcReply<LoadByNumber>> {
    const parsed = loadByNumberQuerySchema.safeParse(payload ?? {});
    if (!parsed.success) return invalidInput(fieldIssues(parsed.error));
    return this.guard(async () => {
      const load = await this.repository.findOne({ where: { loadNumber: parsed.data.loadNumber }, select: { id: true, loadNumber: true, status: true } });
      return ok({ load: load ? { id: load.id, loadNumber: load.loadNumber, status: load.status } : null });
    });
  }

  /** These loads (a settlement's), in delivery order; ids that name no load are left out. */
  async summaries(ids: unknown): Promise<RpcReply<LoadSummary[]>> {
    if (!Array.isArray(ids) || ids.length > SETTLEMENT_LOADS_MAX || !ids.every(isRecordId)) return fail('invalid', 'Not a list of load ids');
    return this.guard(async () => ok(await this.repository.query(`${SUMMARY} WHERE id = ANY($1::uuid[]) ORDER BY delivery_date, load_number, id`, [ids])));
  }

  /** A load with its stops in order. */
  override async get(id: unknown): Promise<RpcReply<LoadEntity>> {
    const found = await super.get(id);
    if (!found.ok) return found;
    return this.guard(async () => ok({ ...found.data, stops: await this.stops.read(this.repository.manager, found.data.id) }));
  }

  /**
   * A write that gives the stops sets the spec's pickup and delivery fields from the first and last stop (and is
   * held to the spec's rule on them); a load given its truck while assigned or in transit is watched from now.
   */
  protected override derive(load: LoadEntity, before: Readonly<LoadEntity> | undefined, fields: WriteFields) {
    const watched = (record?: Readonly<LoadEntity>) => !!record?.assignedTruckId && (record.status === 'assigned' || record.status === 'in-transit');
    if (watched(load) && (!watched(before) || before!.assignedTruckId !== load.assignedTruckId)) load.assignedAt = new Date();
    const stops = fields.stops as StopFields[] | undefined;
    if (!stops) return undefined;
    Object.assign(load, this.stops.specFields(stops, load));
    load.stopCount = stops.length;
    const issues = recordIssues(LOAD_RULES, load);
    return issues ? invalidInput(issues) : undefined;
  }

  /**
   * A load's stops are written with it (LoadStops.write), and what the load keeps of them (their count, their line)
   * set before the write is audited, so its audit entry shows them. The answer has the stops; an arrival or
   * departure first known is announced once committed, and the load's detention and stop-off lines drafted from
   * them (DetentionDrafts). A deleted load's documents go with it (a cascade): their
   * bytes are swept once it has committed.
   */
  protected override async effects(manager: EntityManager, change: Change<LoadEntity>) {
    if (change.kind === 'delete') return { afterCommit: () => this.documentFiles.sweep() };
    const { record: load } = change;
    const { stored, written } = await this.stops.write(manager, load, change.fields.stops as StopFields[] | undefined, change.before);
    if (!written) return { answer: { ...load, stops: stored } };
    if (written.stopCount !== load.stopCount || written.stopsSummary !== load.stopsSummary) {
      load.updatedAt = new Date();
      await manager.query(`UPDATE core.loads SET stop_count = $2, stops_summary = $3, updated_at = $4 WHERE id = $1`, [load.id, written.stopCount, written.stopsSummary, load.updatedAt]);
      load.stopCount = written.stopCount;
      load.stopsSummary = written.stopsSummary;
    }
    const events = firstKnown(stored, written.stops).map((event) => ({ ...event, loadId: load.id }));
    // Detention and stop-off lines follow the stops' times as written (issue 43), drafted by whoever wrote them.
    const afterCommit = async () => {
      this.announceStops(events);
      await this.drafts.draft(load.id, change.context);
    };
    return { answer: { ...load, stops: written.stops }, afterCommit };
  }

  /** Arrivals and departures first known, on `{root}.events.stop.{arrived|departed}`. */
  announceStops(events: KnownEvent[]) {
    for (const event of events) announceChange(this.events, 'stop', event.kind === 'arrived' ? STOP_EVENTS.arrived : STOP_EVENTS.departed, withoutKind(event));
  }
}

/** A stop event with the kind it is announced as. */
export type KnownEvent = StopEvent & { kind: 'arrived' | 'departed' };
const withoutKind = ({ kind: _kind, ...event }: KnownEvent): StopEvent => event;

/** The arrivals and departures `after` knows that `before` (the same load's stops, by id) did not. */
export function firstKnown(before: readonly Stop[], after: readonly Stop[]): KnownEvent[] {
  const was = new Map(before.map((stop) => [stop.id, stop]));
  const events: KnownEvent[] = [];
  for (const stop of after) {
    const old = was.get(stop.id);
    const base = { loadId: '', stopId: stop.id, sequence: stop.sequence, type: stop.type };
    if (stop.arrivedAt && !old?.arrivedAt) events.push({ ...base, kind: 'arrived', at: stop.arrivedAt, source: stop.arrivedSource ?? 'dispatcher' });
    if (stop.departedAt && !old?.departedAt) events.push({ ...base, kind: 'departed', at: stop.departedAt, source: stop.departedSource ?? 'dispatcher' });
  }
  return events;
}
