import {
  EXTRACT_ACCEPT,
  EXTRACTED_FIELDS,
  LOAD_BY_NUMBER_PATH,
  matchCustomer,
  type ExtractedSender,
  type ExtractedStop,
  type LoadByNumber,
  type MatchableCustomer,
  type ExtractedField,
  type ExtractLoadResult,
  type ExtractionConfidence,
} from '@tms/contracts';
import { ApiError, api, dayFromText } from '@tms/ui';
import dayjs from 'dayjs';
import type { LoadFormValues } from '../load-form.js';
import { newStop, type StopFormValues } from '../stop-form.js';

/** The upload flow (spec 4): idle, reading the file, AI extracting, then complete or error. */
export type UploadStatus = 'idle' | 'reading' | 'extracting' | 'complete' | 'error';

/** The panel's texts (spec 2.5 and 8), word for word. */
export const EXTRACT_TEXTS = {
  title: 'Upload Load Document',
  hint: 'Drop a rate confirmation, BOL, or load tender. AI will extract the load details.',
  drag: 'Drag & drop a document',
  drop: 'Drop file here',
  browse: 'or click to browse (PDF, images, text files)',
  remove: 'Remove',
  close: 'Close upload panel',
  status: {
    reading: 'Processing file...',
    extracting: 'AI is extracting load information...',
    complete: 'Extraction complete!',
  },
  readFailed: 'Failed to read file. Please try again.',
  processFailed: 'Failed to process file',
  extractFailed: 'Failed to extract load data. Please try again.',
  review: 'Review the extracted details and complete the remaining fields (customer, assignments) before creating the load.',
  /** Beside the status while the document is read: a scan's OCR takes seconds a page, with no finer progress to show. */
  elapsed: (seconds: number) => `Reading the document… ${seconds} s`,
  // Issue 47: the document's load number already taken, its sender matched to a customer or not.
  duplicate: (loadNumber: string) => `A load with load number ${loadNumber} already exists.`,
  openDuplicate: (loadNumber: string) => `Open ${loadNumber}`,
  senderMatched: (sender: string, customer: string) => `Customer chosen from the document's sender (${sender}): ${customer}.`,
  senderUnknown: (sender: string) => `The document's sender, ${sender}, is not one of your customers.`,
  addCustomer: 'Add Customer',
} as const;

/** The file's MIME type; some systems give a .txt none, which its extension settles. */
export function fileTypeOf(file: File): string {
  if (file.type) return file.type;
  const extension = file.name.slice(file.name.lastIndexOf('.')).toLowerCase();
  const match = Object.entries(EXTRACT_ACCEPT).find(([, extensions]) => (extensions as readonly string[]).includes(extension));
  return match?.[0] ?? '';
}

/** The file as a data URL (spec 7: the body carries it so). */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('Not read')));
    reader.onerror = () => reject(reader.error ?? new Error('Not read'));
    reader.readAsDataURL(file);
  });
}

/** POST /api/extract-load (spec 7). */
export const extractLoad = (fileData: string, fileType: string) => api.post<ExtractLoadResult>('/api/extract-load', { fileData, fileType });

/** GET /api/loads/by-number (issue 47): the load that already has this number, or null. */
export const loadWithNumber = async (loadNumber: string) =>
  (await api.get<LoadByNumber>(`/api/${LOAD_BY_NUMBER_PATH}?${new URLSearchParams({ loadNumber })}`)).load;

/** Where a load's workspace opens (issue 47): the Loads screen reads `open` and opens that load's drawer. */
export const openLoadPath = (loadId: string) => `/loads?${new URLSearchParams({ open: loadId })}`;

/** How the sender is named to the user: its name, else its MC number, else its e-mail. */
export const senderLabel = (sender: ExtractedSender) => sender.name ?? (sender.mcNumber ? `MC ${sender.mcNumber}` : sender.email ?? '');

/**
 * What the dialog does with the document's sender (issue 47): choose the customer it matches, or offer to add it
 * (when the document names it); nothing when the document says nothing of who sent it.
 */
export function senderCustomer<C extends MatchableCustomer>(
  result: Pick<ExtractLoadResult, 'sender'>,
  customers: readonly C[],
): { matched: C; sender: ExtractedSender } | { unknown: ExtractedSender } | undefined {
  const { sender } = result;
  if (!sender || !senderLabel(sender)) return undefined;
  const matched = matchCustomer(customers, sender);
  return matched ? { matched, sender } : { unknown: sender };
}

/** A new customer's fields from the sender (issue 47's 'Add Customer'): the dialog's defaults for the rest. */
export function senderCustomerValues(sender: ExtractedSender) {
  return {
    ...(sender.name ? { name: sender.name } : {}),
    ...(sender.mcNumber ? { mcNumber: `MC-${sender.mcNumber}` } : {}),
    ...(sender.email ?? sender.billingEmail ? { email: sender.email ?? sender.billingEmail } : {}),
    ...(sender.billingEmail ? { billingEmail: sender.billingEmail } : {}),
    ...(sender.phone ? { phone: sender.phone } : {}),
    ...(sender.address ? { address: sender.address } : {}),
  };
}

/** Why a request failed: the server's own message, else the error's ('502: Bad Gateway'), else `fallback`. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.reason) return error.reason;
  return error instanceof Error && error.message ? error.message : fallback;
}

/** What the error card says of a failed extraction: the server's own message, else the spec's fallback. */
export const extractionErrorMessage = (error: unknown): string => failureMessage(error, EXTRACT_TEXTS.extractFailed);

/**
 * The form values an extraction fills: only the fields it found (spec 2.5's list), and the stops a multi-stop
 * document lists (issue 49); the rest of the form keeps the new load's defaults (status pending, expenses 0,
 * assignments empty; the customer is the sender's when it matches one, issue 47).
 */
export function extractedFormValues(result: ExtractLoadResult): Partial<LoadFormValues> {
  const values: Partial<LoadFormValues> = {};
  if (result.loadNumber) values.loadNumber = result.loadNumber;
  if (result.pickupLocation) values.pickupLocation = result.pickupLocation;
  if (result.pickupDate) values.pickupDate = dayFromText(result.pickupDate);
  if (result.deliveryLocation) values.deliveryLocation = result.deliveryLocation;
  if (result.deliveryDate) values.deliveryDate = dayFromText(result.deliveryDate);
  if (result.rate) values.rate = result.rate;
  if (typeof result.weight === 'number') values.weight = result.weight;
  if (result.commodity) values.commodity = result.commodity;
  if (result.notes) values.notes = result.notes;
  if (result.stops?.length) values.stops = result.stops.map(extractedStop);
  return values;
}

/**
 * A stop the document lists, as the Stops section holds it (issue 49): its appointment in the document's own local
 * time, taken as the user's (a day without a time: that day's start).
 */
export function extractedStop(stop: ExtractedStop): StopFormValues {
  const time = (text: string | undefined) => (text ? dayjs(text) : null);
  return {
    ...newStop(stop.type, stop.location),
    facility: stop.facility ?? '',
    address: stop.address ?? '',
    appointmentStart: time(stop.appointmentStart),
    appointmentEnd: time(stop.appointmentEnd),
    reference: stop.reference ?? '',
  };
}

/** The confidences of the fields the extraction filled. */
export function filledConfidence(result: ExtractLoadResult): ExtractionConfidence {
  const confidence: ExtractionConfidence = {};
  for (const field of EXTRACTED_FIELDS) {
    if (result[field] !== undefined && typeof result.confidence?.[field] === 'number') confidence[field] = result.confidence[field];
  }
  return confidence;
}

/**
 * The fields a learned layout read (issue 49), each with the load it was learned from: the form says so under them
 * ('Learned from LD-1042').
 */
export function learnedFields(result: ExtractLoadResult): Partial<Record<ExtractedField, string>> {
  const learned = result.extraction?.learned;
  if (!learned) return {};
  return Object.fromEntries(learned.fields.filter((field) => result[field] !== undefined).map((field) => [field, learned.loadNumber]));
}

/** 'Learned from LD-1042', beside the confidence of a field a learned layout read. */
export const learnedText = (loadNumber: string) => `Learned from ${loadNumber}`;

/** 'AI confidence: 92%', shown under a filled field. */
export const confidenceText = (value: number) => `AI confidence: ${Math.round(value * 100)}%`;

export type { ExtractedField };
