import { z } from 'zod';
import type { ImportColumns } from '../imports.js';

/**
 * Issue 48: a fuel card statement (`POST /api/fuel/imports?layout=efs&dryRun=true|false`, the CSV as the body, as
 * every CSV upload takes it). svc-core reads it by its layout's columns, answers every line (what it becomes, or why
 * it cannot) and, unless it is a dry run or a line cannot be imported, applies it: tractor fuel as fuel purchases
 * (checked against the truck's GPS), the rest as expenses in svc-accounting.
 */
export const FUEL_IMPORT_PATH = 'fuel/imports';
/** `{root}.core.fuel.statement`: the upload's object, its layout and dryRun. */
export const FUEL_STATEMENT_ACTION = 'statement';

export const FUEL_CARD_LAYOUTS = ['efs', 'wex', 'comdata', 'generic'] as const;
export type FuelCardLayout = (typeof FUEL_CARD_LAYOUTS)[number];
export const FUEL_CARD_LAYOUT_LABELS: Record<FuelCardLayout, string> = {
  efs: 'EFS transaction report',
  wex: 'WEX',
  comdata: 'Comdata',
  generic: 'Generic template',
};

/** What a statement's line is: tractor or reefer diesel, gasoline, DEF, oil, anything else bought, a cash advance, a fee. */
export type FuelLineKind = 'tractor' | 'gasoline' | 'reefer' | 'def' | 'oil' | 'other' | 'cash' | 'fee';

/** The fields a statement's row is read into (every layout names its own columns for them). */
export const STATEMENT_FIELDS = [
  'card',
  'date',
  'time',
  'invoice',
  'unit',
  'driver',
  'odometer',
  'locationName',
  'city',
  'state',
  'item',
  'itemDescription',
  'unitPrice',
  'quantity',
  'measure',
  'amount',
  'fees',
  'currency',
  // Comdata: one row a transaction, its products side by side.
  'tractorGallons',
  'tractorPrice',
  'tractorCost',
  'reeferGallons',
  'reeferPrice',
  'reeferCost',
  'otherCost',
  'cashAdvance',
] as const;
export type StatementField = (typeof STATEMENT_FIELDS)[number];

/** Each layout's column titles (matched as CSV imports match them: case, spaces, '_', '-' and '.' do not count). */
export const FUEL_CARD_COLUMNS: Record<FuelCardLayout, Partial<Record<StatementField, readonly string[]>>> = {
  efs: {
    card: ['Card #', 'Card Number'],
    date: ['Tran Date'],
    time: ['Tran Time'],
    invoice: ['Invoice'],
    unit: ['Unit'],
    driver: ['Driver Name'],
    odometer: ['Odometer'],
    locationName: ['Location Name'],
    city: ['City'],
    state: ['State/Prov'],
    item: ['Item'],
    unitPrice: ['Unit Price'],
    quantity: ['Qty'],
    measure: ['UOM', 'Unit of Measure'],
    amount: ['Amt'],
    fees: ['Fees'],
    currency: ['Currency'],
  },
  wex: {
    card: ['Card Number'],
    date: ['Transaction Date'],
    time: ['Transaction Time'],
    invoice: ['Transaction Number'],
    unit: ['Vehicle Number', 'Custom Vehicle/Asset ID'],
    driver: ['Driver Name'],
    odometer: ['Current Odometer', 'Odometer'],
    locationName: ['Merchant Name'],
    city: ['Merchant City'],
    state: ['Merchant State/Province', 'Merchant State'],
    item: ['Product Code'],
    itemDescription: ['Product Description', 'Product'],
    unitPrice: ['Price Per Unit', 'Unit Cost'],
    quantity: ['Units', 'Quantity'],
    measure: ['Unit of Measure'],
    amount: ['Net Cost', 'Gross Cost'],
    fees: ['Transaction Fee Amount'],
    currency: ['Currency'],
  },
  comdata: {
    card: ['Card Number', 'Employee Number'],
    date: ['Transaction Date'],
    time: ['Transaction Time'],
    invoice: ['Transaction Number'],
    unit: ['Unit Number'],
    driver: ['Driver Name'],
    odometer: ['Hubometer', 'Odometer'],
    locationName: ['Truck Stop Name'],
    city: ['Truck Stop City'],
    state: ['Truck Stop State'],
    measure: ['Unit of Measure'],
    currency: ['Currency'],
    tractorGallons: ['Tractor Gallons'],
    tractorPrice: ['Tractor PPG'],
    tractorCost: ['Tractor Cost'],
    reeferGallons: ['Reefer Gallons'],
    reeferPrice: ['Reefer PPG'],
    reeferCost: ['Reefer Cost'],
    otherCost: ['Other Cost'],
    cashAdvance: ['Cash Advance'],
    fees: ['Fees'],
  },
  generic: {
    card: ['Card Number'],
    date: ['Transaction Date'],
    time: ['Transaction Time'],
    invoice: ['Invoice'],
    unit: ['Unit'],
    driver: ['Driver Name'],
    odometer: ['Odometer'],
    locationName: ['Vendor', 'Location Name'],
    city: ['Location City'],
    state: ['Location State/Province'],
    item: ['Product Code'],
    unitPrice: ['Unit Price'],
    quantity: ['Quantity'],
    measure: ['Unit of Measure'],
    amount: ['Amount'],
    fees: ['Fees'],
    currency: ['Currency'],
  },
};

/** The columns a layout cannot do without (a file missing one is refused, naming it). */
export const FUEL_CARD_REQUIRED: Record<FuelCardLayout, readonly StatementField[]> = {
  efs: ['card', 'date', 'invoice', 'unit', 'driver', 'state', 'item', 'quantity', 'amount'],
  wex: ['card', 'date', 'invoice', 'unit', 'driver', 'state', 'item', 'quantity', 'amount'],
  comdata: ['card', 'date', 'invoice', 'unit', 'driver', 'state'],
  generic: ['date', 'invoice', 'unit', 'driver', 'state', 'item', 'quantity', 'amount'],
};

/** How readCsvRows reads a layout's file. */
export const fuelCardColumns = (layout: FuelCardLayout): ImportColumns => ({ key: 'invoice', titles: FUEL_CARD_COLUMNS[layout] });

/** EFS item codes (and the generic template's product codes): what each is. Any other code is another item. */
const ITEM_CODES: Record<string, FuelLineKind> = {
  ULSD: 'tractor',
  DSL: 'tractor',
  DIESEL: 'tractor',
  TRKD: 'tractor',
  BDSL: 'tractor',
  RFR: 'reefer',
  REEFER: 'reefer',
  RDSL: 'reefer',
  GAS: 'gasoline',
  UNL: 'gasoline',
  E85: 'gasoline',
  DEF: 'def',
  DEFD: 'def',
  OIL: 'oil',
  CADV: 'cash',
  CASH: 'cash',
  FEE: 'fee',
  FEES: 'fee',
};

/**
 * WEX product codes: 2 and 9 diesel, 1 E85, 3, 7, 12 and 15 gasoline, 21 and above non-fuel (a product whose
 * description names DEF or oil is that). A diesel whose description says reefer is reefer fuel.
 */
export function wexKind(code: string, description = ''): FuelLineKind | undefined {
  const number = /^\d+$/.test(code.trim()) ? Number(code.trim()) : NaN;
  const text = description.toLowerCase();
  if (number === 2 || number === 9) return /reefer/.test(text) ? 'reefer' : 'tractor';
  if ([1, 3, 7, 12, 15].includes(number)) return 'gasoline';
  if (number >= 21) return /\bdef\b|exhaust fluid/.test(text) ? 'def' : /\boil\b/.test(text) ? 'oil' : 'other';
  return undefined;
}

/** An EFS item or generic product code's kind; another code is another item bought ('other'). */
export const itemKind = (code: string): FuelLineKind => ITEM_CODES[code.trim().toUpperCase()] ?? 'other';

/** US gallons in a litre's measure: 3.785411784 L a gallon. */
export const LITRES_PER_GALLON = '3.785411784';

/**
 * Litres (thousandths of a litre) as gallons, in thousandths, rounded half up: 378541 (378.541 L) → 100000 (100.000).
 * Exact: thousandths × 10^9 / 3785411784.
 */
export function litresToGallonsThousandths(litreThousandths: bigint): bigint {
  return (litreThousandths * 1_000_000_000n * 2n + 3_785_411_784n) / (3_785_411_784n * 2n);
}

/** A measure written for litres ('L', 'Litres', 'LTR'); anything else (or nothing) is US gallons. */
export const isLitres = (measure: string | undefined) => /^(l|lt|ltr|ltrs|litre|litres|liter|liters)$/i.test((measure ?? '').trim());

/** What a line becomes. */
export type FuelLineBecomes = 'purchase' | 'expense' | 'deduction';
/** create: imported by this file; exists: imported before (its key is known), nothing changes; skip: not imported; error: cannot be. */
export type FuelLineOutcome = 'create' | 'exists' | 'skip' | 'error';

export interface FuelImportLine {
  /** The row as a spreadsheet numbers it (the header is row 1). */
  row: number;
  /** The item as the statement names it ('ULSD', '2', 'Tractor', 'Fees'). */
  item: string;
  becomes: FuelLineBecomes | null;
  outcome: FuelLineOutcome;
  /** What it becomes, in words: 'Fuel purchase: truck 101, 125.500 gal Diesel, $489.32'. */
  description: string;
  /** Dollars it comes to (text), when read. */
  amount: string | null;
  /** Gallons (thousandths as text) of a purchase or reefer line. */
  gallons: string | null;
  /** Why it cannot be imported. */
  problems: string[];
  /** The GPS check's findings (a purchase is still imported with them, flagged). */
  warnings: string[];
}

export interface FuelImportResult {
  layout: FuelCardLayout | 'mapping';
  /** The saved mapping the statement was read by (layout 'mapping'). */
  mapping?: { id: string; name: string };
  dryRun: boolean;
  /** Whether this answer wrote anything. */
  applied: boolean;
  lines: FuelImportLine[];
  /** Lines per outcome, and what the new lines come to. */
  counts: { purchases: number; expenses: number; deductions: number; existing: number; skipped: number; problems: number; flagged: number };
  totals: { gallons: string; purchases: string; expenses: string };
  /** The file's own problems (a missing column): nothing is read. */
  errors: string[];
}

/**
 * svc-core's answer: the result, or (a long statement's, larger than a NATS message) the name of the object in the
 * rendered-files bucket (accounting/files.ts) that holds its JSON, for the gateway to take.
 */
export type FuelImportReply = FuelImportResult | { object: string };
/** Answers longer than this travel through the bucket. */
export const FUEL_IMPORT_INLINE_BYTES = 512 * 1024;

export const FUEL_IMPORT_MESSAGES = {
  /** The built-in layouts, or 'mapping': a saved mapping's (FUEL_MAPPING_LAYOUT). */
  layout: `layout must be one of: ${[...FUEL_CARD_LAYOUTS, 'mapping'].join(', ')}`,
  missingColumn: (titles: readonly string[]) => `The file has no '${titles[0]}' column.`,
  notClean: 'Some lines cannot be imported: nothing is imported while a line cannot be. Correct them in the file and choose it again.',
  unknownUnit: (unit: string) => `No truck has unit number '${unit}'`,
  noUnit: 'The line names no unit',
  unknownDriver: (name: string) => `No driver is named '${name}'`,
  ambiguousDriver: (name: string) => `More than one driver is named '${name}'`,
  noDriver: 'The line names no driver',
  noInvoice: 'The line has no invoice or transaction number',
  noCard: 'The line has no card number',
  date: (text: string) => `'${text}' is not a date (YYYY-MM-DD or MM/DD/YYYY)`,
  time: (text: string) => `'${text}' is not a time of day`,
  quantity: (text: string) => `'${text}' is not a quantity`,
  amount: (text: string) => `'${text}' is not an amount`,
  negative: 'Credits and negative amounts are not imported',
  state: (text: string) => `'${text}' is not a US state or Canadian province`,
  repeated: (rows: number[]) => `The file has this line more than once (rows ${rows.join(', ')})`,
  unknownProduct: (code: string) => `Product code '${code}' is not one this layout knows`,
  /** Issue 48: a cash advance becomes the driver's deduction, subtracted by their next settlement. */
  cashAdvance: (driver: string, amount: string) => `Driver deduction: cash advance of ${driver}, $${amount}, subtracted by their next settlement`,
  exists: 'Imported before: nothing changes',
  farFromTruck: (miles: number) => `Far from the truck (${miles} mi)`,
  noGps: 'No GPS at the time',
  notInState: 'Truck not in this state that day',
} as const;

/**
 * `GET /api/fuel/flagged` (`{root}.core.fuel.flagged`): the purchases of the last FUEL_FLAGGED_DAYS days the GPS check
 * flagged, newest first, at most FUEL_FLAGGED_MAX: the Dashboard's Needs Attention lists them.
 */
export const FUEL_FLAGGED_PATH = 'fuel/flagged';
export const FUEL_FLAGGED_ACTION = 'flagged';
export const FUEL_FLAGGED_DAYS = 30;
export const FUEL_FLAGGED_MAX = 100;
export const flaggedFuelPurchaseSchema = z.object({
  id: z.string(),
  truckId: z.string(),
  truckNumber: z.string().nullable(),
  transactionDate: z.string(),
  location: z.string(),
  gpsWarnings: z.array(z.string()),
});
export type FlaggedFuelPurchase = z.infer<typeof flaggedFuelPurchaseSchema>;

/** Point 3: a purchase's truck position is the nearest stored within this of the purchase; farther than FAR_MILES is far. */
export const FUEL_GPS_WINDOW_MINUTES = 30;
export const FUEL_GPS_FAR_MILES = 5;

/**
 * `{root}.telematics.ifta.fuel-checks`: for each truck, the instants (epoch ms) of its purchases and, beside each, its
 * day (the company's, YYYY-MM-DD); answered with the nearest position within FUEL_GPS_WINDOW_MINUTES of each instant
 * (null when none) and the jurisdictions the truck had positions in on each of those days. One request per statement.
 */
export const FUEL_CHECKS_ACTION = 'fuel-checks';
export interface FuelChecksPayload {
  trucks: Record<string, { at: number[]; day: string[] }>;
}
/** The most purchases one request checks. */
export const FUEL_CHECKS_MAX = 100_000;
export interface FuelChecksAnswer {
  trucks: Record<string, { near: ([latitude: number, longitude: number] | null)[]; states: Record<string, string[]> }>;
}

/**
 * `{root}.accounting.expenses.import-lines`: expenses of a statement, each with its line key. `dryRun`: answers which
 * keys are imported already; otherwise creates those not yet imported, in one transaction, and answers the keys it
 * found imported before.
 */
export const EXPENSE_IMPORT_ACTION = 'import-lines';
export interface ExpenseImportLine {
  key: string;
  expenseDate: string;
  category: string;
  description: string;
  amount: string;
  vendor: string | null;
  notes: string | null;
}
export interface ExpenseImportPayload {
  dryRun: boolean;
  lines: ExpenseImportLine[];
}
export interface ExpenseImportAnswer {
  existing: string[];
  created: number;
}

/**
 * Issue 48, point 1: any other layout is mapped once by name and the mapping saved under a name for next time
 * (`GET/POST /api/fuel/mappings`, `DELETE /api/fuel/mappings/{id}`). A mapping names, for each field the generic
 * template reads, the file's column title that holds it; a statement is read by it as the generic template is read
 * (product codes as the generic template's): `POST /api/fuel/imports?layout=mapping&mapping=<id>`.
 */
export const FUEL_MAPPINGS_PATH = 'fuel/mappings';
/** `{root}.core.fuel-mappings.{list|create|delete}`. */
export const FUEL_MAPPINGS_RESOURCE = 'fuel-mappings';
/** The import's layout that reads a statement by a saved mapping (its id in `mapping`). */
export const FUEL_MAPPING_LAYOUT = 'mapping';
/** The fields a mapping gives a column for: the generic template's, in its order. */
export const FUEL_MAPPING_FIELDS = Object.keys(FUEL_CARD_COLUMNS.generic) as StatementField[];
/** What the dialog calls each field (the generic template's column title). */
export const fuelMappingFieldLabel = (field: StatementField) => FUEL_CARD_COLUMNS.generic[field]![0];
/** The fields a mapping cannot do without (the generic template's required columns). */
export const FUEL_MAPPING_REQUIRED: readonly StatementField[] = FUEL_CARD_REQUIRED.generic;

export const FUEL_MAPPING_MESSAGES = {
  name: 'Mapping name is required',
  nameTaken: 'A saved mapping already has this name',
  column: (field: StatementField) => `Choose the column that holds ${fuelMappingFieldLabel(field)}`,
  mapping: 'mapping must be the id of a saved mapping',
  unknown: 'No saved mapping has this id',
} as const;

const mappingColumn = (field: StatementField) =>
  FUEL_MAPPING_REQUIRED.includes(field)
    ? z.string({ error: FUEL_MAPPING_MESSAGES.column(field) }).trim().min(1, FUEL_MAPPING_MESSAGES.column(field)).max(200)
    : z.string().trim().max(200).optional();

export const fuelCardMappingInputSchema = z.object({
  name: z.string({ error: FUEL_MAPPING_MESSAGES.name }).trim().min(1, FUEL_MAPPING_MESSAGES.name).max(100),
  columns: z
    .object(Object.fromEntries(FUEL_MAPPING_FIELDS.map((field) => [field, mappingColumn(field)])) as Record<StatementField, z.ZodOptional<z.ZodString> | z.ZodString>, {
      error: FUEL_MAPPING_MESSAGES.column('date'),
    })
    .strict(),
});
/** What a mapping is saved with: its name and, per field, the file's column title (a field the file lacks left out). */
export interface FuelCardMappingInput {
  name: string;
  columns: Partial<Record<StatementField, string>>;
}
export interface FuelCardMapping {
  id: string;
  name: string;
  /** Field → the file's column title ('' or absent: the file has none). */
  columns: Partial<Record<StatementField, string>>;
  createdAt: Date | string;
  updatedAt: Date | string;
}
export const fuelCardMappingSchema = z.object({
  id: z.string(),
  name: z.string(),
  columns: z.record(z.string(), z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** How readCsvRows reads a statement by a saved mapping: each field by the one title the mapping names. */
export const fuelMappingColumns = (columns: Partial<Record<StatementField, string>>): ImportColumns => ({
  key: 'invoice',
  titles: Object.fromEntries(Object.entries(columns).filter(([, title]) => title?.trim()).map(([field, title]) => [field, [title!.trim()]])),
});

/** A built-in layout's field whose titles include the file's column title (case, spaces, '_', '-', '.' not counting): the dialog pre-chooses it. */
export function guessFuelMapping(headers: readonly string[]): Partial<Record<StatementField, string>> {
  const plain = (title: string) => title.toLowerCase().replace(/[\s_.-]/g, '');
  const guessed: Partial<Record<StatementField, string>> = {};
  for (const field of FUEL_MAPPING_FIELDS) {
    const titles = new Set(FUEL_CARD_LAYOUTS.flatMap((layout) => FUEL_CARD_COLUMNS[layout][field] ?? []).map(plain));
    const header = headers.find((candidate) => titles.has(plain(candidate)));
    if (header) guessed[field] = header;
  }
  return guessed;
}
