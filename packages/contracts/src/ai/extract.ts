import { z } from 'zod';
import { DATE_RANGE, EMAIL_MAX_LENGTH, FREE_TEXT_MAX_LENGTH, MONEY_RANGE, SHORT_TEXT_MAX_LENGTH, withFieldJsonSchema } from '../fields.js';
import { LOAD_WEIGHT_RANGE } from '../dispatch/load.js';
import { DOCUMENT_TYPES } from '../dispatch/document.js';
import { STOP_TYPES, STOPS_MAX } from '../dispatch/stop.js';
import { DATA_URL_PATTERN, objectBucketName, UPLOAD_MAX_FILE_BYTES, UPLOAD_MESSAGES, UPLOAD_TTL_MS } from '../uploads.js';

/**
 * AI load extraction (spec 2.5, 7): a document dropped on the load dialog's 'AI Extract' tab is sent as
 * `POST /api/extract-load { fileData: <data URL>, fileType }`; the answer is the load form's fields, never a saved load.
 */

/** The types the upload zone takes (spec 5), as react-dropzone's `accept`: MIME type → file extensions. */
export const EXTRACT_ACCEPT = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'application/pdf': ['.pdf'],
  'text/plain': ['.txt'],
} as const satisfies Record<string, readonly string[]>;
/** The accepted types as people say them, for the drop zone's refusal (spec 5: 'File type must be ...'). */
export const EXTRACT_TYPE_NAMES = ['PDF', 'PNG', 'JPG', 'GIF', 'WEBP', 'TXT'] as const;
export const EXTRACT_TYPE_REFUSAL = `File type must be ${EXTRACT_TYPE_NAMES.slice(0, -1).join(', ')} or ${EXTRACT_TYPE_NAMES.at(-1)}`;
export type ExtractFileType = keyof typeof EXTRACT_ACCEPT;
export const EXTRACT_FILE_TYPES = Object.keys(EXTRACT_ACCEPT) as ExtractFileType[];
export const isImageFileType = (type: string) => type.startsWith('image/');

/** The largest document taken (see uploads.ts): the zone refuses larger files, the gateway answers 413. */
export const EXTRACT_MAX_FILE_BYTES = UPLOAD_MAX_FILE_BYTES;
/** The largest request body of POST /api/extract-load: the file as base64 (4/3 of its size) in a data URL, in JSON. */
export const EXTRACT_MAX_BODY_BYTES = Math.ceil((EXTRACT_MAX_FILE_BYTES * 4) / 3) + 64 * 1024;

/**
 * What svc-ai reads of a document at most, checked against what the file declares before anything is decoded (a small
 * file can declare 80,000 pages or a 20000 x 20000 image): past a cap the document is refused with a message that says it.
 */
export const EXTRACT_LIMITS = {
  /** Pages of a PDF (a rate confirmation or bill of lading has a few). */
  maxPdfPages: 50,
  /** Width and height of a scanned PDF page, in inches (a poster-sized page would be rendered for OCR). */
  maxPageInches: 24,
  /** Pixels of an image, as its header declares them (a letter page scanned at 600 dpi has 34 million). */
  maxImagePixels: 40_000_000,
  /** Characters of text read from a document; the rest is ignored (about 300 pages of text). */
  maxTextCharacters: 1_000_000,
} as const;

export const EXTRACT_MESSAGES = {
  ...UPLOAD_MESSAGES,
  unsupportedType: 'This file type is not supported. Use a PDF, an image (PNG, JPG, GIF, WebP) or a text file.',
  typeMismatch: 'The file is not what its type says.',
  unreadablePdf: 'The PDF could not be read: it is damaged or not a PDF.',
  protectedPdf: 'The PDF is password-protected: remove the password and try again.',
  unreadableImage: 'The image could not be read: it is damaged or not an image.',
  unreadableText: 'The text file could not be read: it is not plain text.',
  noText: 'No text could be found in the document.',
  expired: 'The uploaded document is no longer available. Please try again.',
  tooManyPages: `The PDF has too many pages: at most ${EXTRACT_LIMITS.maxPdfPages}. Upload only the pages of the load.`,
  pageTooLarge: `A page of the PDF is too large: at most ${EXTRACT_LIMITS.maxPageInches} x ${EXTRACT_LIMITS.maxPageInches} inches.`,
  imageTooLarge: `The image is too large: at most ${EXTRACT_LIMITS.maxImagePixels / 1_000_000} megapixels. Scan it at a lower resolution.`,
  busy: 'Documents are being read for other users right now. Please try again in a few seconds.',
} as const;

/** The load form's fields an extraction fills (spec 2.5). */
export const EXTRACTED_FIELDS = [
  'loadNumber',
  'pickupLocation',
  'pickupDate',
  'deliveryLocation',
  'deliveryDate',
  'rate',
  'weight',
  'commodity',
  'notes',
] as const;
export type ExtractedField = (typeof EXTRACTED_FIELDS)[number];

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONEY_TEXT = /^\d{1,8}\.\d{2}$/;

/**
 * The answer a model must give (the openai SDK's structured output is derived from it): every field present, null
 * when the document does not say. Dates are ISO days, the rate the total the carrier is paid as text with cents.
 */
export const modelLoadSchema = z.object({
  loadNumber: z.string().describe('The load, order, PRO or BOL number identifying this shipment').nullable(),
  pickupLocation: z.string().describe('Pickup (origin, ship from, shipper) city and state, like "Joliet, IL"').nullable(),
  pickupDate: z.string().describe('Pickup date as YYYY-MM-DD').nullable(),
  deliveryLocation: z.string().describe('Delivery (destination, ship to, consignee) city and state, like "El Paso, TX"').nullable(),
  deliveryDate: z.string().describe('Delivery date as YYYY-MM-DD').nullable(),
  rate: z.string().describe('Total amount paid to the carrier (all-in, with fuel and accessorials), like "2975.00"').nullable(),
  weight: z.number().int().describe('Total weight in pounds').nullable(),
  commodity: z.string().describe('What is shipped').nullable(),
  notes: z.string().describe('Short instructions worth a dispatcher\'s attention (equipment, appointments, references)').nullable(),
});
export type ModelLoad = z.infer<typeof modelLoadSchema>;

/** The fields of an extraction, as the load form takes them; a field the document does not give is absent. */
export const extractedLoadSchema = z.object({
  loadNumber: z.string().trim().min(1).max(SHORT_TEXT_MAX_LENGTH).optional(),
  pickupLocation: z.string().trim().min(1).max(SHORT_TEXT_MAX_LENGTH).optional(),
  pickupDate: z.string().regex(ISO_DAY).refine((day) => day >= DATE_RANGE.min && day <= DATE_RANGE.max).optional(),
  deliveryLocation: z.string().trim().min(1).max(SHORT_TEXT_MAX_LENGTH).optional(),
  deliveryDate: z.string().regex(ISO_DAY).refine((day) => day >= DATE_RANGE.min && day <= DATE_RANGE.max).optional(),
  rate: z
    .string()
    .regex(MONEY_TEXT)
    .refine((money) => Number(money) <= Number(MONEY_RANGE.max))
    .optional(),
  weight: z.number().int().min(LOAD_WEIGHT_RANGE.min).max(LOAD_WEIGHT_RANGE.max).optional(),
  commodity: z.string().trim().min(1).max(SHORT_TEXT_MAX_LENGTH).optional(),
  notes: z.string().trim().min(1).max(FREE_TEXT_MAX_LENGTH).optional(),
});
export type ExtractedLoad = z.infer<typeof extractedLoadSchema>;

/** How sure the extractor is of each field it filled, from 0 to 1. */
export const extractionConfidenceSchema = z.partialRecord(z.enum(EXTRACTED_FIELDS), z.number().min(0).max(1));
export type ExtractionConfidence = z.infer<typeof extractionConfidenceSchema>;

/**
 * How a field's confidence reads on the form: from SURE it is shown as read, from CHECK as worth a look, below CHECK
 * as one to check before saving (a value svc-ai could not find in the document is answered below it).
 */
export const CONFIDENCE_LEVELS = { sure: 0.85, check: 0.6 } as const;

/** How the answer was made: which extractor, whether OCR read the document, and why a model was not used. */
export const extractionInfoSchema = z.object({
  extractor: z.enum(['model', 'offline']),
  model: z.string().optional().describe('The model that answered, when one did'),
  ocr: z.boolean().describe('True when the text came from OCR (an image or a scanned PDF)'),
  fallbackReason: z.string().optional().describe('Set when a configured model failed and the offline extractor answered instead: what went wrong'),
  learned: z
    .object({
      layoutId: z.string(),
      loadId: z.string(),
      loadNumber: z.string(),
      fields: z.array(z.enum(EXTRACTED_FIELDS)),
    })
    .optional()
    .describe("Set when the document's layout was learned from a saved load (issue 49): the fields read where that load's values stood"),
});
export type ExtractionInfo = z.infer<typeof extractionInfoSchema>;

/**
 * Who sent the document (issue 47): the company of its letterhead (a broker's rate confirmation, an X12 204's bill-to
 * party), with what it says of itself. The load dialog chooses the customer it matches, or offers to add it.
 */
export const extractedSenderSchema = z.object({
  name: z.string().trim().min(1).max(SHORT_TEXT_MAX_LENGTH).optional(),
  /** Its MC number's digits ('MC# 889123' → '889123'). */
  mcNumber: z.string().regex(/^\d{1,8}$/).optional(),
  email: z.email().max(EMAIL_MAX_LENGTH).optional(),
  /** Where it wants its invoices sent, when the document says ('Send invoices to ap@...'). */
  billingEmail: z.email().max(EMAIL_MAX_LENGTH).optional(),
  phone: z.string().trim().min(1).max(SHORT_TEXT_MAX_LENGTH).optional(),
  address: z.string().trim().min(1).max(SHORT_TEXT_MAX_LENGTH).optional(),
});
export type ExtractedSender = z.infer<typeof extractedSenderSchema>;

/** A day, or a day and a time of day, as the document wrote it: its own local time ('2026-11-02T07:00'). */
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2})?$/;

/**
 * A stop a multi-stop document gives (issue 49 point 4): a pickup or a delivery, in the document's order, with its
 * place ('Gary, IN'), facility and street address, its appointment (a time, or a window's start and end, in the
 * document's own local time: the form takes it as the user's) and its reference (a pickup or delivery number).
 */
export const extractedStopSchema = z.object({
  type: z.enum(STOP_TYPES),
  location: z.string().trim().min(1).max(SHORT_TEXT_MAX_LENGTH),
  facility: z.string().trim().min(1).max(SHORT_TEXT_MAX_LENGTH).optional(),
  address: z.string().trim().min(1).max(SHORT_TEXT_MAX_LENGTH).optional(),
  appointmentStart: z.string().regex(LOCAL_TIME).optional(),
  appointmentEnd: z.string().regex(LOCAL_TIME).optional(),
  reference: z.string().trim().min(1).max(SHORT_TEXT_MAX_LENGTH).optional(),
});
export type ExtractedStop = z.infer<typeof extractedStopSchema>;

/**
 * The answer of POST /api/extract-load: the form's fields, a confidence per filled field, how it was made, and what
 * kind of document it was when the text says so (the load keeps the document under that type, else 'Other').
 */
export const extractLoadResultSchema = extractedLoadSchema.extend({
  confidence: extractionConfidenceSchema,
  extraction: extractionInfoSchema,
  documentType: z.enum(DOCUMENT_TYPES).optional(),
  sender: extractedSenderSchema.optional(),
  /** The stops, when the document lists them (at least a pickup, then a delivery last): the first and last give the spec's fields. */
  stops: z.array(extractedStopSchema).min(2).max(STOPS_MAX).optional(),
});
export type ExtractLoadResult = z.infer<typeof extractLoadResultSchema>;

/** The body of POST /api/extract-load (spec 7). */
export const extractLoadRequestSchema = z.object({
  fileData: withFieldJsonSchema(z.string({ error: EXTRACT_MESSAGES.fileData }).min(1, EXTRACT_MESSAGES.fileData), {
    input: { type: 'string', pattern: DATA_URL_PATTERN },
    output: { type: 'string' },
  }),
  fileType: z.enum(EXTRACT_FILE_TYPES, { error: EXTRACT_MESSAGES.unsupportedType }),
});
export type ExtractLoadRequest = z.infer<typeof extractLoadRequestSchema>;

/** What the gateway sends svc-ai over NATS: where the uploaded bytes wait in the JetStream object store. */
export interface ExtractLoadPayload {
  /** The object's name in the bucket of extractUploadBucket(root). */
  object: string;
  fileType: ExtractFileType;
}

export const EXTRACT_RESOURCE = 'extract-load';
export const EXTRACT_ACTION = 'extract';

/**
 * The JetStream object store bucket uploads travel in (a document is larger than NATS's max_payload): one per
 * subject root, so tests never meet a running system's uploads. Objects are deleted once read and expire anyway.
 */
export const extractUploadBucket = (root: string) => objectBucketName(root, 'extract-uploads');
/** How long an upload nobody read stays in the bucket. */
export const EXTRACT_UPLOAD_TTL_MS = UPLOAD_TTL_MS;
