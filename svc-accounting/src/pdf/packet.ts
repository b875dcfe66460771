import { PDFDocument } from 'pdf-lib';
import {
  appointmentText,
  formatDollars,
  STOP_TIME_SOURCE_LABELS,
  STOP_TYPE_LABELS,
  type InvoiceLine,
  type LoadDocument,
  type Stop,
  type StopEvidence,
  type StopEvidenceFix,
} from '@tms/contracts';
import { companyTimeZone } from '@tms/service-kit';
import { PAGE, PdfSheet } from './pdf-sheet.js';
import { invoicePdfSheet, usTime, type InvoiceFacts } from './invoice-pdf.js';

/** A load's document with its bytes (null when its file could not be read). */
export interface PacketDocument {
  document: LoadDocument;
  data: Uint8Array | null;
}

/**
 * Issue 43: what proves a detention line: its stop (as svc-core has it), what GPS saw there (null, with `gpsNote`,
 * when it cannot say), and the free hours of the terms that apply to the load.
 */
export interface DetentionEvidence {
  line: InvoiceLine;
  stop: Stop | null;
  gps: StopEvidence | null;
  gpsNote: string | null;
  freeHours: string | null;
}

/** A text document becomes at most this many pages: a packet is for people, the whole file stays on the load. */
const TEXT_PAGES_MAX = 100;
const TEXT_SIZE = 9;
const TEXT_LINES_PER_PAGE = Math.floor((PAGE.height - 2 * PAGE.margin) / (TEXT_SIZE * 1.25));

/**
 * The invoice, then every document of its load in the order they were added (issue 26): a PDF's pages as they are,
 * a PNG or JPEG as a page of its own (scaled down to fit Letter), a text file as text pages. A document that cannot
 * be placed (another image type, a damaged or encrypted PDF, a file that could not be read) is a page saying so,
 * so the packet still shows what the load holds.
 */
export async function packetPdf(facts: InvoiceFacts, documents: PacketDocument[], evidence: readonly DetentionEvidence[] = []): Promise<Uint8Array> {
  const sheet = await invoicePdfSheet(facts, `Packet ${facts.invoice.invoiceNumber}`);
  for (const item of evidence) writeEvidence(sheet, item);
  for (const item of receiptsFirst(documents, facts.invoice.lines ?? [])) await appendDocument(sheet, item);
  return sheet.save();
}

/** Issue 43: the receipts of the invoice's lines first (in the lines' order), then the load's other documents. */
function receiptsFirst(documents: PacketDocument[], lines: readonly InvoiceLine[]): PacketDocument[] {
  const receipts = [...new Set(lines.map((line) => line.documentId).filter(Boolean))];
  const rank = (item: PacketDocument) => {
    const index = receipts.indexOf(item.document.id);
    return index < 0 ? receipts.length : index;
  };
  return documents.map((item, order) => ({ item, order })).sort((a, b) => rank(a.item) - rank(b.item) || a.order - b.order).map(({ item }) => item);
}

const TIME_ZONE = companyTimeZone();
/** '2.5' hours as paper says them: '2.5 h'. */
const hoursText = (hours: string) => `${hours.replace(/\.00$/, '').replace(/(\.\d)0$/, '$1')} h`;
const fixText = (fix: StopEvidenceFix) => `${usTime(fix.at)}   ${fix.latitude.toFixed(5)}, ${fix.longitude.toFixed(5)}   ${fix.miles.toFixed(2)} mi from the stop`;

/**
 * A detention line's evidence page (issue 43): the stop, its appointment, the arrival and departure with who said
 * them, the first and last GPS position inside the stop (time, coordinates, distance), the free time and the hours billed.
 */
function writeEvidence(sheet: PdfSheet, { line, stop, gps, gpsNote, freeHours }: DetentionEvidence) {
  sheet.newPage();
  sheet.row([{ text: 'Detention evidence', x: 0, bold: true }], 15);
  sheet.space(6);
  const field = (label: string, value: string) => sheet.row([{ text: label, x: 0, bold: true }, { text: value, x: 130 }]);
  if (!stop) {
    field('Stop', 'The stop of this line is no longer on the load');
  } else {
    field('Stop', `${stop.sequence}. ${STOP_TYPE_LABELS[stop.type]}: ${[stop.facility, stop.location].filter(Boolean).join(', ')}`);
    if (stop.address) field('Address', stop.address);
    const appointment = appointmentText(stop, TIME_ZONE).replace(/(\d{4})-(\d{2})-(\d{2})/g, '$2/$3/$1');
    field('Appointment', appointment || 'No appointment');
    field('Arrival', stop.arrivedAt ? `${usTime(stop.arrivedAt)} (source: ${STOP_TIME_SOURCE_LABELS[stop.arrivedSource ?? 'dispatcher']})` : 'Not recorded');
    field('Departure', stop.departedAt ? `${usTime(stop.departedAt)} (source: ${STOP_TIME_SOURCE_LABELS[stop.departedSource ?? 'dispatcher']})` : 'Not recorded');
  }
  sheet.space(8);
  sheet.label('GPS at the stop');
  if (gps?.first && gps.last) {
    field('First position inside', fixText(gps.first));
    field('Last position inside', fixText(gps.last));
    field('Positions inside', String(gps.inside));
  } else sheet.paragraph(gpsNote ?? 'No GPS position of the truck inside the stop.');
  sheet.space(8);
  sheet.label('Detention');
  if (freeHours) field('Free time', hoursText(freeHours));
  field('Billed', `${hoursText(line.quantity)} x ${formatDollars(line.rate)} per hour = ${formatDollars(line.amount)}`);
  if (line.description) field('Line', line.description);
}

async function appendDocument(sheet: PdfSheet, { document, data }: PacketDocument) {
  const type = document.fileType.toLowerCase();
  if (!data) return notice(sheet, document, "Its file is not available.");
  if (type === 'application/pdf') {
    let source: PDFDocument;
    try {
      source = await PDFDocument.load(data, { updateMetadata: false });
    } catch (error) {
      return notice(sheet, document, `It could not be read as a PDF (${error instanceof Error ? error.message.split('\n')[0] : 'damaged'}).`);
    }
    const pages = await sheet.doc.copyPages(source, source.getPageIndices());
    for (const page of pages) sheet.doc.addPage(page);
    return;
  }
  if (type === 'image/png' || type === 'image/jpeg' || type === 'image/jpg') {
    try {
      const image = type === 'image/png' ? await sheet.doc.embedPng(data) : await sheet.doc.embedJpg(data);
      const room = { width: PAGE.width - 2 * PAGE.margin, height: PAGE.height - 2 * PAGE.margin };
      const scale = Math.min(1, room.width / image.width, room.height / image.height);
      const [width, height] = [image.width * scale, image.height * scale];
      const page = sheet.doc.addPage([PAGE.width, PAGE.height]);
      page.drawImage(image, { x: (PAGE.width - width) / 2, y: PAGE.height - PAGE.margin - height, width, height });
      return;
    } catch {
      return notice(sheet, document, 'It could not be read as an image.');
    }
  }
  if (type.startsWith('text/')) return textPages(sheet, document, Buffer.from(data).toString('utf8'));
  return notice(sheet, document, `A ${document.fileType} file cannot be placed in a PDF: download it from the load.`);
}

function textPages(sheet: PdfSheet, document: LoadDocument, text: string) {
  const width = PAGE.width - 2 * PAGE.margin;
  const lines = sheet.lines(text, 'mono', TEXT_SIZE, width, TEXT_PAGES_MAX * TEXT_LINES_PER_PAGE);
  const pages = Math.min(TEXT_PAGES_MAX, Math.max(1, Math.ceil(lines.length / TEXT_LINES_PER_PAGE)));
  for (let index = 0; index < pages; index++) {
    const page = sheet.doc.addPage([PAGE.width, PAGE.height]);
    const chunk = lines.slice(index * TEXT_LINES_PER_PAGE, (index + 1) * TEXT_LINES_PER_PAGE);
    if (index === pages - 1 && lines.length > pages * TEXT_LINES_PER_PAGE) chunk[chunk.length - 1] = `[${document.fileName} continues: download it from the load for the rest]`;
    chunk.forEach((line, row) => {
      sheet.draw(page, line, { x: PAGE.margin, y: PAGE.height - PAGE.margin - (row + 1) * TEXT_SIZE * 1.25, size: TEXT_SIZE, style: 'mono' });
    });
  }
}

function notice(sheet: PdfSheet, document: LoadDocument, why: string) {
  sheet.newPage();
  sheet.row([{ text: `${document.documentType}: ${document.fileName}`, x: 0, bold: true }], 12);
  sheet.paragraph(`This document of the load is not reproduced here. ${why}`);
}
