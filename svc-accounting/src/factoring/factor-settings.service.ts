import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { FACTOR_DEFAULTS, FACTORING_MESSAGES, factorSettingsSchema, fieldIssues, invalidInput, ok, parseCents, type FactorSettings, type RpcReply } from '@tms/contracts';
import { CrudService, EVENTS, type ChangeContext } from '@tms/service-kit';
import { Repository } from 'typeorm';
import { FACTOR_SETTINGS_ID, FactorSettingsEntity } from './factor-settings.entity.js';

const FIELDS = Object.keys(FACTOR_DEFAULTS) as (keyof FactorSettings)[];
export const settingsOf = (row: FactorSettingsEntity): FactorSettings => Object.fromEntries(FIELDS.map((field) => [field, row[field]])) as FactorSettings;

/**
 * Issue 45: the factor (GET/PUT /api/factoring). One row, made with the defaults by the migration; a PUT is an
 * update of it through the write pipeline (audited as resource 'factoring'). The advance and the fee together
 * cannot pass the face.
 */
@Injectable()
export class FactorSettingsService extends CrudService<FactorSettingsEntity, typeof factorSettingsSchema> {
  constructor(@InjectRepository(FactorSettingsEntity) repository: Repository<FactorSettingsEntity>, @Inject(EVENTS) events: ClientProxy) {
    super(repository, events, { entity: 'factor', schema: factorSettingsSchema, constraints: {}, order: { createdAt: 'ASC' }, lock: 'row' });
  }

  protected override derive(settings: FactorSettingsEntity) {
    const hundredths = (percent: string) => parseCents(percent) ?? 0n; // a percent with 2 decimals, as cents are
    if (hundredths(settings.advancePercent) + hundredths(settings.feePercent) > 10_000n) return invalidInput({ feePercent: [FACTORING_MESSAGES.percentsOver] });
    return undefined;
  }

  /** The settings as saved (the defaults until then). */
  async settings(): Promise<FactorSettings> {
    const row = await this.repository.findOneBy({ id: FACTOR_SETTINGS_ID });
    return row ? settingsOf(row) : { ...FACTOR_DEFAULTS };
  }

  async read(): Promise<RpcReply<FactorSettings>> {
    return this.guard(async () => ok(await this.settings()));
  }

  async put(payload: unknown, context: ChangeContext): Promise<RpcReply<FactorSettings>> {
    // A PUT is the whole: every field checked as a create's, then written as an update of the one row.
    const parsed = factorSettingsSchema.safeParse(payload ?? {});
    if (!parsed.success) return invalidInput(fieldIssues(parsed.error));
    const saved = await this.update(FACTOR_SETTINGS_ID, payload, context);
    return saved.ok ? ok(settingsOf(saved.data)) : saved;
  }
}
