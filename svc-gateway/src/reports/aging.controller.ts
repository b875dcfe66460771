import { Controller, Get, HttpException, Query, Res } from '@nestjs/common';
import { AGING_CSV_HEADER, AGING_PATH, AGING_RESOURCE, agingCsvRows, agingFileName, INVALID_INPUT, rpcSubject, type AgingReport } from '@tms/contracts';
import type { Response } from 'express';
import { attachment, csvDocument } from '../http/csv.js';
import { requestIdOf } from '../http/request-ids.js';
import { ServiceClient } from '../services/service-client.js';

/** Receivables aging (issue 46): svc-accounting's, the gateway turning it into CSV when asked. */
@Controller('api')
export class AgingController {
  constructor(private readonly services: ServiceClient) {}

  @Get(AGING_PATH)
  async report(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<AgingReport | string> {
    const { format, ...rest } = query;
    if (format !== undefined && format !== 'json' && format !== 'csv') {
      throw new HttpException({ message: INVALID_INPUT, issues: { format: ["format must be 'json' or 'csv'"] } }, 400);
    }
    const subject = rpcSubject(this.services.subjectRoot, 'accounting', AGING_RESOURCE, 'report');
    const report = await this.services.call<AgingReport>('accounting', subject, rest, { requestId: requestIdOf(res) });
    if (format !== 'csv') return report;
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', attachment(agingFileName(report.asOf)));
    return csvDocument(AGING_CSV_HEADER, agingCsvRows(report));
  }
}
