import { Injectable } from '@nestjs/common';
import { csvDocument, fail, ok, SCHEDULE_CSV_HEADER, scheduleCsvRows, scheduleFileName, type RenderedFile, type RpcReply } from '@tms/contracts';
import { internalErrorReply } from '@tms/service-kit';
import { zipSync, type Zippable } from 'fflate';
import { InvoiceFilesService } from '../invoices/invoice-files.service.js';
import { RenderedFiles } from '../pdf/rendered-files.js';
import { schedulePdf } from '../pdf/schedule-pdf.js';
import { FactoringSchedulesService } from './factoring-schedules.service.js';

const notFound = fail('not_found', 'Schedule not found');
/** Packets rendered at once for a ZIP: each reads its documents' bytes from JetStream and copies their pages. */
const PACKETS_AT_ONCE = 4;

/**
 * Issue 45: a schedule's files. The PDF (pdf-lib, in the invoice's style), the CSV (the same rows, contracts' CSV
 * writer), and the ZIP (fflate) of both with one packet per invoice (InvoiceFilesService: the invoice with the
 * factor's notice, then its load's documents). PDFs are compressed already: the ZIP stores them as they are, which
 * costs no time and little size.
 */
@Injectable()
export class ScheduleFilesService {
  constructor(
    private readonly schedules: FactoringSchedulesService,
    private readonly invoiceFiles: InvoiceFilesService,
    private readonly files: RenderedFiles,
  ) {}

  async pdf(id: unknown): Promise<RpcReply<RenderedFile>> {
    return this.render(id, async (schedule) => this.files.answer(scheduleFileName(schedule.scheduleNumber, 'pdf'), await schedulePdf(schedule)));
  }

  async zip(id: unknown): Promise<RpcReply<RenderedFile>> {
    return this.render(id, async (schedule) => {
      const entries: Zippable = {
        [scheduleFileName(schedule.scheduleNumber, 'pdf')]: [await schedulePdf(schedule), { level: 0 }],
        [scheduleFileName(schedule.scheduleNumber, 'csv')]: new TextEncoder().encode(csvDocument(SCHEDULE_CSV_HEADER, scheduleCsvRows(schedule))),
      };
      for (let start = 0; start < schedule.rows.length; start += PACKETS_AT_ONCE) {
        const packets = await Promise.all(schedule.rows.slice(start, start + PACKETS_AT_ONCE).map((row) => this.invoiceFiles.packetBytes(row.invoiceId)));
        for (const packet of packets) {
          if (!packet.ok) return packet;
          entries[`packets/${packet.data.fileName}`] = [packet.data.bytes, { level: 0 }];
        }
      }
      return this.files.answer(scheduleFileName(schedule.scheduleNumber, 'zip'), zipSync(entries), 'application/zip');
    });
  }

  private async render(id: unknown, make: (schedule: NonNullable<Awaited<ReturnType<FactoringSchedulesService['stored']>>>) => Promise<RenderedFile | RpcReply<never>>): Promise<RpcReply<RenderedFile>> {
    try {
      const schedule = await this.schedules.stored(id);
      if (!schedule) return notFound;
      const made = await make(schedule);
      return 'ok' in made ? made : ok(made);
    } catch (error) {
      return internalErrorReply(error);
    }
  }
}
