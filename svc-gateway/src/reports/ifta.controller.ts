import { Body, Controller, Get, HttpException, Put, Query, Res } from '@nestjs/common';
import {
  fieldIssues,
  IFTA_CSV_HEADER,
  IFTA_PATH,
  IFTA_RATES_RESOURCE,
  IFTA_RECORDS_CSV_HEADER,
  IFTA_RESOURCE,
  iftaCsvRow,
  iftaFileName,
  iftaQuarterSchema,
  iftaReportQuerySchema,
  iftaTotalLine,
  INVALID_INPUT,
  quarterDays,
  rpcSubject,
  type Actor,
  type IftaRates,
  type IftaRecordsPage,
  type IftaReport,
  type IftaTruckName,
  type ServiceName,
} from '@tms/contracts';
import type { Response } from 'express';
import type { z } from 'zod';
import { SignedIn } from '../auth/signed-in.decorator.js';
import { attachment, csvDocument } from '../http/csv.js';
import { RequestId, requestIdOf } from '../http/request-ids.js';
import { readList, streamCsv } from '../resources/list-stream.js';
import { ServiceClient } from '../services/service-client.js';

/** A query that does not parse: 400 with the field messages, as a service's refusal reads. */
function parsed<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw new HttpException({ message: INVALID_INPUT, issues: fieldIssues(result.error) }, 400);
  return result.data;
}

/**
 * IFTA, the quarterly fuel-tax report (issue 29): the return is svc-accounting's, which keeps the rates (the gateway
 * turns it into the filing CSV when asked); the records behind it are svc-telematics' positions, named with svc-core's
 * trucks as they stream.
 */
@Controller('api')
export class IftaController {
  constructor(private readonly services: ServiceClient) {}

  @Get(IFTA_PATH)
  async report(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<IftaReport | string> {
    const { format, ...rest } = query;
    if (format !== undefined && format !== 'json' && format !== 'csv') {
      throw new HttpException({ message: INVALID_INPUT, issues: { format: ["format must be 'json' or 'csv'"] } }, 400);
    }
    const subject = this.subject('accounting', IFTA_RESOURCE, 'report');
    const report = await this.services.call<IftaReport>('accounting', subject, rest, { requestId: requestIdOf(res) });
    if (format !== 'csv') return report;
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', attachment(iftaFileName('report', report)));
    return csvDocument(IFTA_CSV_HEADER, [...report.jurisdictions.map(iftaCsvRow), iftaTotalLine(report)]);
  }

  /** The positions behind the miles (truck, VIN, time, place, state, the segment's miles), streamed page by page. */
  @Get(`${IFTA_PATH}/records.csv`)
  async records(@Query() query: Record<string, unknown>, @Res() res: Response): Promise<void> {
    const { truckId, ...quarter } = parsed(iftaReportQuerySchema, query);
    const requestId = requestIdOf(res);
    const trucks = await this.trucks(requestId);
    const subject = this.subject('telematics', IFTA_RESOURCE, 'records');
    const read = async (after?: string) => {
      const page = await this.services.call<IftaRecordsPage>('telematics', subject, { ...quarterDays(quarter), truckId, after }, { requestId });
      const [truck, vin, time, latitude, longitude, state, miles] = IFTA_RECORDS_CSV_HEADER;
      const rows = page.rows.map((row) => ({
        [truck]: trucks.get(row.truckId)?.truckNumber ?? row.truckId,
        [vin]: trucks.get(row.truckId)?.vin ?? '',
        [time]: row.time,
        [latitude]: row.latitude,
        [longitude]: row.longitude,
        [state]: row.jurisdiction,
        [miles]: row.miles,
      }));
      return { rows: Buffer.from(JSON.stringify(rows)), next: page.next };
    };
    await streamCsv(read, res, iftaFileName('records', quarter), IFTA_RECORDS_CSV_HEADER);
  }

  @Get(`${IFTA_PATH}/rates`)
  rates(@Query() query: Record<string, unknown>, @RequestId() requestId?: string): Promise<IftaRates> {
    return this.services.call<IftaRates>('accounting', this.subject('accounting', IFTA_RATES_RESOURCE, 'get'), parsed(iftaQuarterSchema, query), { requestId });
  }

  /** The quarter's whole list of rates (the body); the services check each, under its place in the list. */
  @Put(`${IFTA_PATH}/rates`)
  saveRates(@Query() query: Record<string, unknown>, @Body() body: unknown, @SignedIn() actor: Actor, @RequestId() requestId?: string): Promise<IftaRates> {
    const quarter = parsed(iftaQuarterSchema, query);
    return this.services.call<IftaRates>('accounting', this.subject('accounting', IFTA_RATES_RESOURCE, 'put'), { ...quarter, rates: body ?? [] }, { actor, requestId });
  }

  /** Every truck's number and VIN (the fleet: a list small by nature), to name the trucks of the records. */
  private async trucks(requestId: string | undefined): Promise<Map<string, IftaTruckName>> {
    const subject = this.subject('core', 'trucks', 'list');
    const list = JSON.parse((await readList((after) => this.services.call('core', subject, after ? { after } : {}, { requestId }), requestId)).toString('utf8')) as (IftaTruckName & { id: string })[];
    return new Map(list.map(({ id, truckNumber, vin }) => [id, { truckNumber, vin }]));
  }

  private subject(service: ServiceName, resource: string, action: string) {
    return rpcSubject(this.services.subjectRoot, service, resource, action);
  }
}
