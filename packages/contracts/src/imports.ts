import { z } from 'zod';
import { CUSTOMER_TYPE_LABELS, DEFAULT_CUSTOMER_TYPE } from './dispatch/customer.js';
import { DEFAULT_LOAD_STATUS, LOAD_STATUS_LABELS } from './dispatch/load.js';
import { DEFAULT_DRIVER_STATUS, DRIVER_MESSAGES, DRIVER_STATUS_LABELS } from './fleet/driver.js';
import { DEFAULT_TRUCK_STATUS, TRUCK_STATUS_LABELS } from './fleet/truck.js';
import { objectBucketName, UPLOAD_TTL_MS } from './uploads.js';

/**
 * CSV import (`POST /api/{resource}/import?dryRun=true|false`, the CSV as the body): the gateway puts the file in an
 * upload bucket (20 MB is far more than a NATS message holds) and asks the owner by the object's name; the owner
 * reads, checks and, unless it is a dry run, applies every row in one transaction.
 */

/** The largest file taken; larger is a 413. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** The most rows a file may hold, blank ones counted (a carrier's whole fleet is a few thousand). */
export const IMPORT_MAX_ROWS = 100_000;
/** The longest row, in bytes as the file has them in UTF-8: a row of every field at its longest is a few KB. */
export const IMPORT_MAX_ROW_BYTES = 64 * 1024;
/** The most errors an answer lists (the first ones, by row): an answer must fit in one NATS message. */
export const IMPORT_MAX_ERRORS = 1000;
/** The content types a CSV arrives with (browsers send Excel's type for .csv on Windows). */
export const IMPORT_CONTENT_TYPES = ['text/csv', 'text/plain', 'application/vnd.ms-excel', 'application/octet-stream'] as const;

export const IMPORT_MESSAGES = {
  tooLarge: `The file is too large: at most ${IMPORT_MAX_BYTES / (1024 * 1024)} MB.`,
  tooManyRows: `The file has too many rows: at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')}.`,
  rowTooLarge: (row: number) => `Row ${row} is too long: a row may hold at most ${IMPORT_MAX_ROW_BYTES / 1024} KB.`,
  encoding: 'The file is not UTF-8 or UTF-16 text. Save it as CSV UTF-8.',
  /** Columns whose headers name one field ('Truck #' and 'truck_number'): which to read is unclear. */
  repeatedColumn: (headers: readonly string[]) => `These columns name the same field: ${headers.map((header) => `'${header}'`).join(' and ')}. Keep one of them.`,
  contentType: 'Send the file as text/csv.',
  dryRun: "dryRun must be 'true' or 'false'.",
  empty: 'The file is empty.',
  notCsv: (reason: string) => `The file is not a valid CSV: ${reason}`,
  expired: 'The upload expired before it was read. Please try again.',
  unreadable: 'The uploaded file could not be read. Please try again.',
  extraCells: 'This row has more cells than the header',
  /** A key or unique value that two rows of the file share: an error on each of them. */
  repeated: (rows: number[]) => `The file has this value in more than one row (rows ${rows.join(', ')})`,
  /** A record the file updates was changed by someone else between the file's check and its writing. */
  changedMeanwhile: 'Some records of this file were changed while it was being imported. Import it again.',
  /** A key that more than one existing record has (customers' e-mail is not unique): which to update is unclear. */
  ambiguous: 'More than one existing record has this value',
  skipInvalid: "skipInvalid must be 'true' or 'false'.",
} as const;

/** The longest cell text an error shows (the rest is cut with '…'). */
export const IMPORT_ERROR_VALUE_MAX = 120;

/** How a resource's CSV is read. */
export interface ImportColumns {
  /** The natural key: a row whose key a record already has (compared case-insensitively) updates that record. */
  key: string;
  /** Other fields no two records share (case-insensitively), with the dialog's message for a clash. */
  unique?: readonly { field: string; message: string }[];
  /**
   * Header texts accepted for a field besides its name and its label written out ('License Plate' is licensePlate):
   * the spec's column titles that differ from both.
   */
  titles?: Readonly<Record<string, readonly string[]>>;
  /** A choice field's labels ('In Use' for 'in-use'), accepted as its values. */
  choices?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** What a new record takes when its row leaves a field empty, as the dialog's defaults. */
  defaults?: Readonly<Record<string, string>>;
}

/** The resources a CSV can be imported into, and how their files are read. */
export const IMPORTS = {
  trucks: {
    key: 'truckNumber',
    titles: { truckNumber: ['Truck #'] },
    choices: { status: TRUCK_STATUS_LABELS },
    defaults: { status: DEFAULT_TRUCK_STATUS },
  },
  drivers: {
    key: 'licenseNumber',
    unique: [{ field: 'email', message: DRIVER_MESSAGES.duplicateEmail }],
    titles: { name: ['Driver'], assignedTruckId: ['Assigned Truck'] },
    choices: { status: DRIVER_STATUS_LABELS },
    defaults: { status: DEFAULT_DRIVER_STATUS },
  },
  customers: {
    key: 'email',
    choices: { type: CUSTOMER_TYPE_LABELS },
    defaults: { type: DEFAULT_CUSTOMER_TYPE },
  },
  /**
   * Loads name their customer, driver and truck by id, as the export writes them; `stops` is the readable line the
   * export writes in its stopsSummary column (readStopsText), read by svc-core against the load's stored stops.
   */
  loads: {
    key: 'loadNumber',
    titles: {
      loadNumber: ['Load #'],
      customerId: ['Customer'],
      assignedDriverId: ['Driver', 'Assigned Driver'],
      assignedTruckId: ['Truck', 'Assigned Truck'],
      stops: ['Stops Summary'],
    },
    choices: { status: LOAD_STATUS_LABELS },
    defaults: { status: DEFAULT_LOAD_STATUS },
  },
} as const satisfies Record<string, ImportColumns>;
export type ImportableResource = keyof typeof IMPORTS;

export const isImportable = (resource: string): resource is ImportableResource => Object.hasOwn(IMPORTS, resource);

/**
 * A header cell or label as columns are matched: case, spaces, '_', '-' and '.' do not count, so 'Truck Number',
 * 'truck_number' and 'TRUCKNUMBER' all name truckNumber.
 */
export const importHeaderKey = (text: string) => text.trim().toLowerCase().replace(/[\s_.-]+/g, '');

/**
 * One row's problem: `row` as a spreadsheet numbers it (the header is row 1), `field` the record's field; and, for a
 * field the file has a column for (issue 47), `column`, the file's own header text, and `value`, the cell as written
 * (cut at IMPORT_ERROR_VALUE_MAX characters).
 */
export const importErrorSchema = z.object({
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
  column: z.string().optional(),
  value: z.string().optional(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

/** How an error reads for a person: 'Row 3: Year "2O23": Year must be a whole number' (issue 47). */
export const importErrorText = (error: ImportError) =>
  `Row ${error.row}: ${error.column ? `${error.column}${error.value !== undefined ? ` "${error.value}"` : ''}: ` : ''}${error.message}`;

/**
 * The answer of an import, dry run or not: the file's rows (blank ones left out), what they create, update and leave
 * unchanged, and the errors (the first IMPORT_MAX_ERRORS). With any error, nothing is changed, unless the import
 * skips invalid rows (`?skipInvalid=true`, the dialog's 'Import the good rows'): then the good rows are applied and
 * `skipped` counts the rows left out (each with its errors).
 */
export const importResultSchema = z.object({
  rows: z.number().int(),
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(importErrorSchema),
  skipped: z.number().int().optional().describe('Rows left out for their errors (skipInvalid=true)'),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** `{root}.{owner}.{resource}.import`: the uploaded file's object in importUploadBucket(root). */
export const IMPORT_ACTION = 'import';
export const importPayloadSchema = z.object({
  object: z.uuid({ error: IMPORT_MESSAGES.expired }),
  dryRun: z.boolean(),
  skipInvalid: z.boolean().optional(),
});
export type ImportPayload = z.input<typeof importPayloadSchema>;

/** Where an uploaded CSV waits between the gateway and its owner; what nobody took expires. */
export const importUploadBucket = (root: string) => objectBucketName(root, 'import-uploads');
export const IMPORT_UPLOAD_TTL_MS = UPLOAD_TTL_MS;
