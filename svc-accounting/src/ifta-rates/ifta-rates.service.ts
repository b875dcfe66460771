import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { fieldIssues, iftaQuarterSchema, iftaRatesPutSchema, invalidInput, ok, type IftaQuarter, type IftaRates, type RpcReply } from '@tms/contracts';
import { changedValues, internalErrorReply, recordChange, type ChangeContext } from '@tms/service-kit';
import { DataSource, type EntityManager } from 'typeorm';

/** A quarter's record id in the audit trail: the year and quarter in its last group ('...-202600000004'). */
export const quarterRecordId = ({ year, quarter }: IftaQuarter) => `00000000-0000-4000-8000-${year}0000000${quarter}`;

const RATES_SQL = `SELECT jurisdiction, rate::text AS rate FROM accounting.ifta_rates WHERE year = $1 AND quarter = $2 ORDER BY jurisdiction`;

/**
 * IFTA's tax rates per quarter and state (issue 29): the user enters them each quarter, as they change. A save
 * replaces the quarter's whole list, recorded in the audit trail (resource 'ifta-rates', the quarter's record id) as
 * the rates it changed, by state.
 */
@Injectable()
export class IftaRatesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async get(payload: unknown): Promise<RpcReply<IftaRates>> {
    const parsed = iftaQuarterSchema.safeParse(payload ?? {});
    if (!parsed.success) return invalidInput(fieldIssues(parsed.error));
    try {
      return ok({ ...parsed.data, rates: await this.dataSource.query(RATES_SQL, [parsed.data.year, parsed.data.quarter]) });
    } catch (error) {
      return internalErrorReply(error);
    }
  }

  async put(payload: unknown, context: ChangeContext): Promise<RpcReply<IftaRates>> {
    const parsed = iftaRatesPutSchema.safeParse(payload ?? {});
    if (!parsed.success) return invalidInput(fieldIssues(parsed.error));
    const { year, quarter, rates } = parsed.data;
    try {
      const saved = await this.dataSource.transaction(async (manager: EntityManager) => {
        // Two saves of one quarter at once: the second waits, and its list is the one kept.
        await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('accounting.ifta_rates:' || $1 || ':' || $2, 0))`, [year, quarter]);
        const before: IftaRates['rates'] = await manager.query(RATES_SQL, [year, quarter]);
        await manager.query(`DELETE FROM accounting.ifta_rates WHERE year = $1 AND quarter = $2`, [year, quarter]);
        await manager.query(
          `INSERT INTO accounting.ifta_rates (year, quarter, jurisdiction, rate)
           SELECT $1, $2, jurisdiction, rate FROM json_to_recordset($3::json) AS r(jurisdiction text, rate numeric)`,
          [year, quarter, JSON.stringify(rates)],
        );
        const after: IftaRates['rates'] = await manager.query(RATES_SQL, [year, quarter]);
        const byState = (list: IftaRates['rates']) => Object.fromEntries(list.map(({ jurisdiction, rate }) => [jurisdiction, rate]));
        const changes = changedValues(byState(before), byState(after));
        await recordChange(manager, context, before.length ? 'update' : 'create', quarterRecordId({ year, quarter }), changes);
        return after;
      });
      return ok({ year, quarter, rates: saved });
    } catch (error) {
      return internalErrorReply(error);
    }
  }
}
