import { Injectable } from '@nestjs/common';
import {
  fieldIssues,
  IFTA_RESOURCE,
  iftaReportQuerySchema,
  invalidInput,
  ok,
  quarterDays,
  type IftaFuel,
  type IftaMiles,
  type IftaReport,
  type IftaTruckName,
  type ListPage,
  type RpcReply,
} from '@tms/contracts';
import { internalErrorReply, ServiceRequests } from '@tms/service-kit';
import { IftaRatesService } from '../ifta-rates/ifta-rates.service.js';
import { composeIftaReport } from './ifta-report.js';

/**
 * IFTA, the quarterly fuel-tax return (issue 29), composed where its rates are kept: the miles per state and the gaps
 * asked of svc-telematics, the Diesel per state and the trucks' names of svc-core, and the tax worked out here.
 */
@Injectable()
export class IftaReportService {
  constructor(
    private readonly services: ServiceRequests,
    private readonly rates: IftaRatesService,
  ) {}

  async report(payload: unknown): Promise<RpcReply<IftaReport>> {
    const parsed = iftaReportQuerySchema.safeParse(payload ?? {});
    if (!parsed.success) return invalidInput(fieldIssues(parsed.error));
    const query = parsed.data;
    const period = { ...quarterDays(query), truckId: query.truckId };
    try {
      const [miles, fuel, rates, trucks] = await Promise.all([
        this.services.request<IftaMiles>('telematics', IFTA_RESOURCE, 'miles', period),
        this.services.request<IftaFuel>('core', IFTA_RESOURCE, 'fuel', period),
        this.rates.get({ year: query.year, quarter: query.quarter }),
        this.trucks(),
      ]);
      if (!miles.ok) return miles;
      if (!fuel.ok) return fuel;
      if (!rates.ok) return rates;
      if (!trucks.ok) return trucks;
      return ok(composeIftaReport(query, miles.data, fuel.data, rates.data, trucks.data));
    } catch (error) {
      return internalErrorReply(error);
    }
  }

  /** Every truck's number and VIN (the fleet: a list small by nature), read page by page from svc-core's list. */
  private async trucks(): Promise<RpcReply<Map<string, IftaTruckName>>> {
    const trucks = new Map<string, IftaTruckName>();
    let after: string | undefined;
    do {
      const page = await this.services.request<ListPage>('core', 'trucks', 'list', after ? { after } : {});
      if (!page.ok) return page;
      const rows = JSON.parse(Buffer.from(page.data.rows).toString('utf8')) as (IftaTruckName & { id: string })[];
      for (const { id, truckNumber, vin } of rows) trucks.set(id, { truckNumber, vin });
      after = page.data.next ?? undefined;
    } while (after);
    return ok(trucks);
  }
}
