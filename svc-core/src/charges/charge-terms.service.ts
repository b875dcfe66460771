import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import {
  CHARGE_MESSAGES,
  CHARGE_TERM_FIELDS,
  chargeTermsSchema,
  fail,
  fieldIssues,
  invalidInput,
  isRecordId,
  ok,
  termsThatApply,
  type ChargeTerms,
  type LoadChargeTerms,
  type RpcReply,
} from '@tms/contracts';
import { CrudService, EVENTS, type ChangeContext } from '@tms/service-kit';
import { Repository, type EntityManager } from 'typeorm';
import { COMPANY_CHARGE_TERMS_ID } from '../migrations/1766600000000-charges.js';
import { ChargeTermsEntity } from './charge-terms.entity.js';

const termsOf = (row: object): ChargeTerms => Object.fromEntries(CHARGE_TERM_FIELDS.map((field) => [field, (row as Record<string, unknown>)[field] ?? null])) as ChargeTerms;

/** The terms' columns of a table aliased `alias`, as ChargeTerms' fields. */
const TERM_COLUMNS = (alias: string) => `
  ${alias}.detention_free_hours::text AS "detentionFreeHours", ${alias}.detention_rate_per_hour::text AS "detentionRatePerHour",
  ${alias}.detention_cap_hours::text AS "detentionCapHours", ${alias}.billing_increment_minutes AS "billingIncrementMinutes",
  ${alias}.layover_per_day::text AS "layoverPerDay", ${alias}.tonu_flat::text AS "tonuFlat", ${alias}.stop_off_per_stop::text AS "stopOffPerStop",
  ${alias}.fuel_surcharge_per_mile::text AS "fuelSurchargePerMile"`;

/**
 * The company's charge terms (issue 43) and the terms that apply to a load (its customer's where it has them).
 * They live in svc-core, not beside the company profile in svc-accounting: svc-core drafts detention from a stop's
 * departure, in the process that records it, and reads the terms with the load's customer in one query of its own
 * schema; asking svc-accounting instead would put another service (and its being up) on every departure's path.
 * One row, made with the issue's defaults by the migration: a save is an update of it through the write pipeline
 * (audited as `charge-terms`); there is no create or delete.
 */
@Injectable()
export class ChargeTermsService extends CrudService<ChargeTermsEntity, typeof chargeTermsSchema> {
  constructor(@InjectRepository(ChargeTermsEntity) repository: Repository<ChargeTermsEntity>, @Inject(EVENTS) events: ClientProxy) {
    super(repository, events, { entity: 'charge-terms', schema: chargeTermsSchema, constraints: {}, order: { createdAt: 'ASC' } });
  }

  /** The company's terms. */
  async company(manager: EntityManager = this.repository.manager): Promise<ChargeTerms> {
    return termsOf(await manager.findOneByOrFail(ChargeTermsEntity, { id: COMPANY_CHARGE_TERMS_ID }));
  }

  async read(): Promise<RpcReply<ChargeTerms>> {
    return this.guard(async () => ok(await this.company()));
  }

  /** Saves the whole of the company's terms. */
  async put(payload: unknown, context: ChangeContext): Promise<RpcReply<ChargeTerms>> {
    const parsed = chargeTermsSchema.safeParse(payload ?? {});
    if (!parsed.success) return invalidInput(fieldIssues(parsed.error));
    const saved = await this.update(COMPANY_CHARGE_TERMS_ID, parsed.data, context);
    return saved.ok ? ok(termsOf(saved.data)) : saved;
  }

  /** The terms that apply to a load: its customer's, field by field, else the company's; undefined for no such load. */
  async forLoad(loadId: string, manager: EntityManager = this.repository.manager): Promise<LoadChargeTerms | undefined> {
    const [row]: Record<string, unknown>[] = await manager.query(
      `SELECT c.name AS "customerName", ${TERM_COLUMNS('c')} FROM core.loads l JOIN core.customers c ON c.id = l.customer_id WHERE l.id = $1`,
      [loadId],
    );
    if (!row) return undefined;
    return termsThatApply(await this.company(manager), termsOf(row), row.customerName as string);
  }

  async readForLoad(loadId: unknown): Promise<RpcReply<LoadChargeTerms>> {
    if (!isRecordId(loadId)) return fail('not_found', CHARGE_MESSAGES.loadNotFound);
    return this.guard(async () => {
      const terms = await this.forLoad(loadId);
      return terms ? ok(terms) : fail('not_found', CHARGE_MESSAGES.loadNotFound);
    });
  }
}
