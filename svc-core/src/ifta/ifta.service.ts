import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { fieldIssues, fromUnits, iftaPeriodSchema, invalidInput, ok, stateOfLocation, toUnits, type FuelJurisdiction, type IftaFuel, type RpcReply } from '@tms/contracts';
import { internalErrorReply } from '@tms/service-kit';
import { DataSource } from 'typeorm';

interface Purchase {
  fuelId: string;
  truckId: string;
  transactionDate: string;
  location: string;
  gallons: string;
  notInState: boolean;
}

/**
 * IFTA's tax-paid gallons (issue 29): the period's Diesel purchases (by transaction date) summed per state read from
 * their location ('City, ST'), to the thousandth of a gallon; a purchase whose state cannot be read is answered as a
 * problem for the clerk, never guessed. A purchase the fuel card import's GPS check found in a state the truck was not
 * in that day (issue 48) is left out of the gallons and answered as a problem too.
 */
@Injectable()
export class IftaFuelService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async fuel(payload: unknown): Promise<RpcReply<IftaFuel>> {
    const parsed = iftaPeriodSchema.safeParse(payload ?? {});
    if (!parsed.success) return invalidInput(fieldIssues(parsed.error));
    const { from, to, truckId = null } = parsed.data;
    try {
      const purchases: Purchase[] = await this.dataSource.query(
        `SELECT id AS "fuelId", truck_id AS "truckId", to_char(transaction_date, 'YYYY-MM-DD') AS "transactionDate", location, gallons::text AS gallons, not_in_state AS "notInState"
         FROM core.fuel_transactions
         WHERE fuel_type = 'Diesel' AND transaction_date >= $1::date AND transaction_date < $2::date AND ($3::uuid IS NULL OR truck_id = $3::uuid)
         ORDER BY transaction_date, id`,
        [from, to, truckId],
      );
      const byState = new Map<FuelJurisdiction, bigint>();
      const byTruck = new Map<string, bigint>();
      const problems: IftaFuel['problems'] = [];
      for (const { notInState, ...purchase } of purchases) {
        if (purchase.truckId) byTruck.set(purchase.truckId, (byTruck.get(purchase.truckId) ?? 0n) + toUnits(purchase.gallons, 3));
        const state = stateOfLocation(purchase.location);
        // Issue 48: bought where the truck's GPS never was that day: not tax-paid there, a problem for the clerk.
        if (notInState) problems.push({ ...purchase, kind: 'not-in-state' });
        else if (!state) problems.push(purchase);
        else byState.set(state, (byState.get(state) ?? 0n) + toUnits(purchase.gallons, 3));
      }
      const gallons = [...byState].sort(([a], [b]) => (a < b ? -1 : 1)).map(([jurisdiction, units]) => ({ jurisdiction, gallons: fromUnits(units, 3) }));
      const trucks = [...byTruck].map(([truckId, units]) => ({ truckId, gallons: fromUnits(units, 3) }));
      return ok({ gallons, problems, trucks });
    } catch (error) {
      return internalErrorReply(error);
    }
  }
}
