import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import {
  CHARGE_DEFAULT_UNITS,
  CHARGES_FOR_LOADS_MAX,
  CHARGE_MESSAGES,
  CHARGES_RESOURCE,
  chargeAmount,
  chargeRecordSchema,
  fail,
  invalidInput,
  isRecordId,
  MONEY_RANGE,
  ok,
  parseCents,
  type ChargeCode,
  type ChargeFields,
  type ChargeTerms,
  type RpcReply,
} from '@tms/contracts';
import { CrudService, EVENTS, Refusal, type Change, type ChangeContext } from '@tms/service-kit';
import { In, Repository, type EntityManager } from 'typeorm';
import { ChargeEntity } from './charge.entity.js';
import { CHARGE_CONSTRAINTS } from './charges.errors.js';
import { ChargeTermsService } from './charge-terms.service.js';

/** The rate the terms give a line of each code, for a create that leaves it out. */
const TERM_RATES: Partial<Record<ChargeCode, keyof ChargeTerms>> = {
  DETENTION: 'detentionRatePerHour',
  LAYOVER: 'layoverPerDay',
  TONU: 'tonuFlat',
  STOP_OFF: 'stopOffPerStop',
  FUEL_SURCHARGE: 'fuelSurchargePerMile',
};

const MAX_CENTS = parseCents(MONEY_RANGE.max)!;
const notFound = fail('not_found', CHARGE_MESSAGES.notFound);
const loadNotFound = fail('not_found', CHARGE_MESSAGES.loadNotFound);
/** A drafted line someone decided (or took over) between the draft's look and its write. */
const decided = fail('conflict', 'The line was approved, denied or edited meanwhile: a draft leaves it as it is');

/**
 * A load's charge lines (issue 43), each written through the one write pipeline: its amount is quantity × rate to
 * the cent (derive); its stop and document must be the load's (check); it stays on its load. Lines drafted from a
 * stop's times (DetentionDrafts) are written as `draft` writes: one that meets a line approved, denied or typed by
 * someone since it looked is refused in its transaction (effects, under the line's row lock), so a decision is never
 * overwritten by a later time.
 */
@Injectable()
export class ChargesService extends CrudService<ChargeEntity, typeof chargeRecordSchema> {
  /** The contexts of draft writes (DetentionDrafts), told apart by identity. */
  private readonly drafts = new WeakSet<ChangeContext>();

  constructor(
    @InjectRepository(ChargeEntity) repository: Repository<ChargeEntity>,
    @Inject(EVENTS) events: ClientProxy,
    private readonly terms: ChargeTermsService,
  ) {
    super(repository, events, { entity: 'charge', schema: chargeRecordSchema, constraints: CHARGE_CONSTRAINTS, order: { createdAt: 'ASC' }, lock: 'row' });
  }

  /** The load's lines, oldest first. */
  async listFor(loadId: unknown): Promise<RpcReply<ChargeEntity[]>> {
    if (!isRecordId(loadId)) return loadNotFound;
    return this.guard(async () => {
      const lines = await this.repository.find({ where: { loadId }, order: { createdAt: 'ASC', id: 'ASC' } });
      if (!lines.length && !(await this.loadExists(loadId))) return loadNotFound;
      return ok(lines);
    });
  }

  /** Issue 43: the lines of these loads (at most CHARGES_FOR_LOADS_MAX ids; an id that is none is no line), oldest first. */
  async listForLoads(loadIds: unknown): Promise<RpcReply<ChargeEntity[]>> {
    if (!Array.isArray(loadIds) || loadIds.length > CHARGES_FOR_LOADS_MAX) return invalidInput({ loadIds: [`Give at most ${CHARGES_FOR_LOADS_MAX} load ids`] });
    const ids = loadIds.filter(isRecordId);
    if (!ids.length) return ok([]);
    return this.guard(async () => ok(await this.repository.find({ where: { loadId: In(ids) }, order: { createdAt: 'ASC', id: 'ASC' } })));
  }

  /** A line for the load; a rate left out is the one the terms give its code, a unit left out its code's. */
  async createFor(loadId: unknown, payload: unknown, context: ChangeContext): Promise<RpcReply<ChargeEntity>> {
    if (!isRecordId(loadId)) return loadNotFound;
    return this.guard(async () => {
      const terms = await this.terms.forLoad(loadId);
      if (!terms) return loadNotFound;
      const fields = { ...(payload && typeof payload === 'object' ? payload : {}) } as Record<string, unknown>;
      const code = fields.code as ChargeCode;
      const termRate = TERM_RATES[code] && terms[TERM_RATES[code]];
      if ((fields.rate === undefined || fields.rate === null || fields.rate === '') && termRate) fields.rate = termRate;
      if ((fields.unit === undefined || fields.unit === null || fields.unit === '') && Object.hasOwn(CHARGE_DEFAULT_UNITS, code)) fields.unit = CHARGE_DEFAULT_UNITS[code];
      return this.create({ ...fields, loadId }, context);
    });
  }

  async updateFor(loadId: unknown, chargeId: unknown, changes: unknown, context: ChangeContext): Promise<RpcReply<ChargeEntity>> {
    const refused = await this.onLoad(loadId, chargeId);
    return refused ?? this.update(chargeId, changes, context);
  }

  async deleteFor(loadId: unknown, chargeId: unknown, context: ChangeContext): Promise<RpcReply<{ id: string }>> {
    const refused = await this.onLoad(loadId, chargeId);
    return refused ?? this.delete(chargeId, context);
  }

  /**
   * Writes a drafted line as `context` says who changed the times (DetentionDrafts): a create marks the line drafted;
   * an update or delete meets only a drafted line still requested, or is refused (`decided`).
   */
  draft<T>(context: ChangeContext, write: (context: ChangeContext) => Promise<RpcReply<T>>): Promise<RpcReply<T>> {
    const draft: ChangeContext = { resource: CHARGES_RESOURCE, actor: context.actor };
    this.drafts.add(draft);
    return write(draft);
  }

  /** A line's stop and document are its load's; it never moves to another load. */
  protected override async check(fields: Partial<ChargeFields & { loadId: string }>, id?: string) {
    if (id && fields.loadId !== undefined) return invalidInput({ loadId: [CHARGE_MESSAGES.loadId] });
    const loadId = id ? (await this.repository.findOne({ select: { loadId: true }, where: { id } }))?.loadId : fields.loadId;
    if (!loadId) return undefined; // the pipeline answers the line not found
    const issues: Record<string, string[]> = {};
    if (fields.stopId && !(await this.onTheLoad('load_stops', fields.stopId, loadId))) issues.stopId = [CHARGE_MESSAGES.stopNotOnLoad];
    if (fields.documentId && !(await this.onTheLoad('documents', fields.documentId, loadId))) issues.documentId = [CHARGE_MESSAGES.documentNotOnLoad];
    return Object.keys(issues).length ? invalidInput(issues) : undefined;
  }

  /** The amount: quantity × rate, rounded half up to the cent, within what a line holds. */
  protected override derive(line: ChargeEntity) {
    const amount = chargeAmount(line.quantity, line.rate)!;
    if (parseCents(amount)! > MAX_CENTS) return invalidInput({ quantity: [CHARGE_MESSAGES.amountTooLarge] });
    line.amount = amount;
    return undefined;
  }

  protected override async effects(manager: EntityManager, change: Change<ChargeEntity>) {
    if (!this.drafts.has(change.context)) return;
    if (change.kind === 'create') {
      await manager.update(ChargeEntity, { id: change.record.id }, { drafted: true });
      change.record.drafted = true;
      return;
    }
    // Read under the line's row lock (the pipeline's lock step): what a decision committed before is seen here.
    if (!change.before.drafted || change.before.status !== 'requested') throw new Refusal(decided);
  }

  /** Refuses a line that is not on the load named by the route (not found, as for any other id). */
  private async onLoad(loadId: unknown, chargeId: unknown): Promise<RpcReply<never> | undefined> {
    if (!isRecordId(loadId)) return loadNotFound;
    if (!isRecordId(chargeId)) return notFound;
    const found = await this.guard(async () =>
      ok((await this.repository.existsBy({ id: chargeId, loadId })) ? 'line' : (await this.loadExists(loadId)) ? 'no line' : 'no load'),
    );
    if (!found.ok) return found;
    return found.data === 'line' ? undefined : found.data === 'no line' ? notFound : loadNotFound;
  }

  private async loadExists(loadId: string) {
    return (await this.repository.query(`SELECT 1 FROM core.loads WHERE id = $1`, [loadId])).length > 0;
  }

  private async onTheLoad(table: 'load_stops' | 'documents', id: string, loadId: string) {
    return (await this.repository.query(`SELECT 1 FROM core.${table} WHERE id = $1 AND load_id = $2`, [id, loadId])).length > 0;
  }
}
