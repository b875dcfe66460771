import { z } from 'zod';
import { isRecordId } from '../fields.js';

/**
 * IFTA, the quarterly fuel-tax report (issue 29). svc-accounting, which keeps the tax rates the user enters per
 * quarter, composes it from svc-telematics (miles per state, kept per truck and day as positions are stored, and the
 * gaps in the record) and svc-core (Diesel bought per state, trucks); the gateway forwards:
 *
 *   GET /api/reports/ifta?year=&quarter=[&truckId=][&format=csv]   the report (JSON, or the filing rows as CSV)
 *   GET /api/reports/ifta/records.csv?year=&quarter=[&truckId=]     the positions behind it, for an auditor
 *   GET /api/reports/ifta/rates?year=&quarter=                      the quarter's rates
 *   PUT /api/reports/ifta/rates?year=&quarter=                      body: [{ jurisdiction, rate }], the whole list
 *
 * Quarters are the company's (COMPANY_TIME_ZONE): a segment counts on the company's day of its later position.
 */
export const IFTA_PATH = 'reports/ifta';
/**
 * `{root}.accounting.ifta.report` (payload: IftaReportQuery), `{root}.telematics.ifta.{miles|records}`,
 * `{root}.core.ifta.fuel`, `{root}.accounting.ifta-rates.{get|put}`.
 */
export const IFTA_RESOURCE = 'ifta';
export const IFTA_RATES_RESOURCE = 'ifta-rates';

/** The US states and territories of us-atlas (Census FIPS code → postal code): the jurisdictions positions fall in. */
export const US_STATE_CODES_BY_FIPS = {
  '01': 'AL', '02': 'AK', '04': 'AZ', '05': 'AR', '06': 'CA', '08': 'CO', '09': 'CT', '10': 'DE', '11': 'DC', '12': 'FL',
  '13': 'GA', '15': 'HI', '16': 'ID', '17': 'IL', '18': 'IN', '19': 'IA', '20': 'KS', '21': 'KY', '22': 'LA', '23': 'ME',
  '24': 'MD', '25': 'MA', '26': 'MI', '27': 'MN', '28': 'MS', '29': 'MO', '30': 'MT', '31': 'NE', '32': 'NV', '33': 'NH',
  '34': 'NJ', '35': 'NM', '36': 'NY', '37': 'NC', '38': 'ND', '39': 'OH', '40': 'OK', '41': 'OR', '42': 'PA', '44': 'RI',
  '45': 'SC', '46': 'SD', '47': 'TN', '48': 'TX', '49': 'UT', '50': 'VT', '51': 'VA', '53': 'WA', '54': 'WV', '55': 'WI',
  '56': 'WY', '60': 'AS', '66': 'GU', '69': 'MP', '72': 'PR', '78': 'VI',
} as const;
export type UsStateCode = (typeof US_STATE_CODES_BY_FIPS)[keyof typeof US_STATE_CODES_BY_FIPS];
export const US_STATE_CODES = Object.values(US_STATE_CODES_BY_FIPS).sort() as UsStateCode[];
/**
 * Canada's territories, outside IFTA: fuel bought there is read from its location ('Whitehorse, YT') so that it counts
 * in total gallons. The state lines are the US's only: miles driven in Canada count as OTHER.
 */
export const CANADIAN_TERRITORY_CODES = ['NT', 'NU', 'YT'] as const;
export type CanadianTerritoryCode = (typeof CANADIAN_TERRITORY_CODES)[number];
/** Where a point outside every US state counts (Canada, Mexico, the sea). It has no rate: its tax is not computed. */
export const OTHER_JURISDICTION = 'OTHER';
export type IftaJurisdiction = UsStateCode | CanadianTerritoryCode | typeof OTHER_JURISDICTION;
/**
 * The jurisdictions outside IFTA (District of Columbia, Alaska, Hawaii, the US territories, Canada's territories):
 * their miles count in total miles, and so in fleet MPG, as non-IFTA miles, and their fuel in total gallons; they
 * have no rate, no taxable miles and no tax.
 */
export const NON_IFTA_JURISDICTIONS: readonly IftaJurisdiction[] = ['AK', 'AS', 'DC', 'GU', 'HI', 'MP', 'PR', 'VI', ...CANADIAN_TERRITORY_CODES];
export const isNonIfta = (jurisdiction: string) => (NON_IFTA_JURISDICTIONS as readonly string[]).includes(jurisdiction);
/** The US states a quarter's rates are entered for: the IFTA members among them. */
export const IFTA_STATE_CODES = US_STATE_CODES.filter((code) => !isNonIfta(code));

/** A segment longer than this in time is not counted as driven (the truck was off, or the device was). */
export const IFTA_MAX_SEGMENT_MS = 2 * 60 * 60 * 1000;
/** A segment faster than this is not counted as driven (a bad fix, or a device that jumped). */
export const IFTA_MAX_MPH = 90;
/** An uncounted segment shorter than this in a straight line is no gap worth a clerk's time (a truck parked). */
export const IFTA_GAP_MIN_MILES = 1;
/**
 * Miles over water outside every state's polygon (a bay bridge: the Chesapeake, the Mackinac) count in the nearest
 * state within this many miles; only farther ones stay OTHER (issue 50).
 */
export const IFTA_WATER_MILES = 20;
/** A mile exactly, in the unit the GPS writer keeps distances in (whole millimetres: sums without rounding). */
export const MILLIMETERS_PER_MILE = 1_609_344;
export const METERS_PER_MILE = MILLIMETERS_PER_MILE / 1000;

export const IFTA_GAP_REASONS = ['no-positions', 'impossible-speed'] as const;
export type IftaGapReason = (typeof IFTA_GAP_REASONS)[number];
export const IFTA_GAP_REASON_LABELS: Record<IftaGapReason, string> = {
  'no-positions': 'No positions for more than 2 hours',
  'impossible-speed': 'Faster than 90 mph between positions',
};

export const IFTA_MESSAGES = {
  year: 'Year must be a whole number from 2000 to 2100',
  quarter: 'Quarter must be 1, 2, 3 or 4',
  truckId: 'Truck must be a record id',
  jurisdiction: 'Choose a US state',
  rate: 'Rate must be dollars per gallon with at most 4 decimals, like 0.2870',
  nonIfta: 'This jurisdiction is not in IFTA: its miles count as non-IFTA miles, with no rate',
  duplicateJurisdiction: 'This state has another rate in the list',
  rates: 'Rates must be a list of { jurisdiction, rate }',
  /** A fuel purchase whose location does not end in a state's postal code. */
  /** Issue 48: a purchase's gallons left out of its state's tax-paid gallons. */
  notInState: (location: string) => `Bought in '${location}', a state the truck's GPS never entered that day: its gallons are not counted as tax-paid there`,
  unreadableLocation: (location: string) => `The state of '${location}' cannot be read: write the location as 'City, ST'`,
} as const;

const wholeNumber = (message: string, min: number, max: number) =>
  z.preprocess((value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value), z.number({ error: message }).int(message).min(min, message).max(max, message));

/** The quarter of a request: from the query string (text) or a body (numbers). */
export const iftaQuarterSchema = z.object({
  year: wholeNumber(IFTA_MESSAGES.year, 2000, 2100),
  quarter: wholeNumber(IFTA_MESSAGES.quarter, 1, 4),
});
export type IftaQuarter = z.output<typeof iftaQuarterSchema>;

export const iftaReportQuerySchema = iftaQuarterSchema.extend({
  truckId: z
    .string({ error: IFTA_MESSAGES.truckId })
    .optional()
    .transform((id) => id || undefined)
    .refine((id) => id === undefined || isRecordId(id), IFTA_MESSAGES.truckId),
});
export type IftaReportQuery = z.output<typeof iftaReportQuerySchema>;

/** The company's days of a quarter: `from` its first, `to` the first of the next (exclusive), as 'YYYY-MM-DD'. */
export function quarterDays({ year, quarter }: IftaQuarter): { from: string; to: string } {
  const month = (quarter - 1) * 3 + 1;
  const next = quarter === 4 ? `${year + 1}-01-01` : `${year}-${String(month + 3).padStart(2, '0')}-01`;
  return { from: `${year}-${String(month).padStart(2, '0')}-01`, to: next };
}

/** A rate per gallon: dollars with up to 4 decimals ('0.2870'); at most $99.9999. */
const RATE_TEXT = /^(\d{1,2}(\.\d{0,4})?|\.\d{1,4})$/;

export const iftaRateSchema = z.object({
  jurisdiction: z
    .enum(US_STATE_CODES as [UsStateCode, ...UsStateCode[]], { error: IFTA_MESSAGES.jurisdiction })
    .refine((code) => !isNonIfta(code), IFTA_MESSAGES.nonIfta),
  rate: z
    .string({ error: IFTA_MESSAGES.rate })
    .trim()
    .regex(RATE_TEXT, IFTA_MESSAGES.rate)
    // Kept as numeric(6,4): '0.287' is stored, and answered, as '0.2870'.
    .transform((rate) => {
      const [whole, fraction = ''] = rate.split('.');
      return `${Number(whole)}.${fraction.padEnd(4, '0')}`;
    }),
});
export type IftaRate = z.output<typeof iftaRateSchema>;

/** PUT's body: the quarter's whole list of rates, each state once. */
export const iftaRatesSchema = z.array(iftaRateSchema, { error: IFTA_MESSAGES.rates }).max(US_STATE_CODES.length, IFTA_MESSAGES.rates).superRefine((rates, context) => {
  const seen = new Set<string>();
  rates.forEach(({ jurisdiction }, index) => {
    if (seen.has(jurisdiction)) context.addIssue({ code: 'custom', path: [index, 'jurisdiction'], message: IFTA_MESSAGES.duplicateJurisdiction });
    seen.add(jurisdiction);
  });
});

/** `accounting.ifta-rates.put`'s payload. */
export const iftaRatesPutSchema = iftaQuarterSchema.extend({ rates: iftaRatesSchema });
export interface IftaRates extends IftaQuarter {
  rates: IftaRate[];
}

/** Where fuel can be bought and its state read: the US states and territories, and Canada's territories. */
export type FuelJurisdiction = UsStateCode | CanadianTerritoryCode;
const FUEL_JURISDICTIONS: readonly string[] = [...US_STATE_CODES, ...CANADIAN_TERRITORY_CODES];

/**
 * The state of a fuel purchase's location, 'City, ST' (case and spaces forgiven), or null when it cannot be read:
 * never guessed from a city.
 */
export function stateOfLocation(location: string): FuelJurisdiction | null {
  const code = /,\s*([A-Za-z]{2})\.?\s*$/.exec(location)?.[1]?.toUpperCase();
  return code && FUEL_JURISDICTIONS.includes(code) ? (code as FuelJurisdiction) : null;
}

/** `telematics.ifta.miles` and `.records`, `core.ifta.fuel`: the company's days [from, to) and maybe one truck. */
export const iftaPeriodSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  truckId: z.string().refine(isRecordId, IFTA_MESSAGES.truckId).optional(),
  after: z.string().max(200).optional(),
});
export type IftaMilesPayload = Omit<z.output<typeof iftaPeriodSchema>, 'after'>;
/** Gaps answered at most (the first by time); `gapCount` says how many there are. */
export const IFTA_GAPS_MAX = 1000;

/** `telematics.ifta.miles`: millimeters driven per jurisdiction (exact integers, as text) and the gaps. */
export interface IftaMiles {
  millimeters: { jurisdiction: IftaJurisdiction; millimeters: string }[];
  /** The same miles per truck (issue 50: each truck's MPG is checked). */
  trucks: { truckId: string; millimeters: string }[];
  gaps: { truckId: string; from: string; to: string; millimeters: string; reason: IftaGapReason }[];
  gapCount: number;
}

/** `telematics.ifta.records`: a page of positions (by truck, then time), each with its state and segment's miles. */
export type IftaRecordsPayload = z.output<typeof iftaPeriodSchema>;
export interface IftaRecord {
  truckId: string;
  time: string;
  latitude: string;
  longitude: string;
  jurisdiction: IftaJurisdiction;
  /** Miles driven on the segment ending here, to 0.001; '0.000' for a truck's first position or an uncounted segment. */
  miles: string;
}
export interface IftaRecordsPage {
  rows: IftaRecord[];
  next: string | null;
}

/** `core.ifta.fuel`: Diesel gallons bought per state in the quarter, and the purchases whose state cannot be read. */
export interface IftaFuel {
  gallons: { jurisdiction: FuelJurisdiction; gallons: string }[];
  /** `kind` 'not-in-state' (issue 48): a purchase the GPS check found in a state the truck was not in that day. */
  problems: { fuelId: string; truckId: string; transactionDate: string; location: string; gallons: string; kind?: IftaProblem['kind'] }[];
  /** Every Diesel gallon each truck bought in the period, wherever (issue 50: each truck's MPG is checked). */
  trucks: { truckId: string; gallons: string }[];
}

/**
 * What a line of the return is: taxed at the quarter's rate, an IFTA state waiting for its rate, outside IFTA (miles
 * and fuel counted in the totals, no tax), or miles outside every state (no rate can be entered for them).
 */
export const IFTA_LINE_STATUSES = ['taxed', 'needs-rate', 'non-ifta', 'outside-states'] as const;
export type IftaLineStatus = (typeof IFTA_LINE_STATUSES)[number];
export const IFTA_LINE_STATUS_LABELS: Record<IftaLineStatus, string> = {
  taxed: 'IFTA',
  'needs-rate': 'Needs a rate',
  'non-ifta': 'Non-IFTA',
  'outside-states': 'Outside every state',
};

export interface IftaJurisdictionRow {
  jurisdiction: IftaJurisdiction;
  status: IftaLineStatus;
  miles: string;
  /** Every IFTA mile is taxable (toll-road and off-highway miles are not told apart); a non-IFTA line has none. */
  taxableMiles: string;
  taxableGallons: string | null;
  taxPaidGallons: string;
  netTaxableGallons: string | null;
  rate: string | null;
  /** Net taxable gallons × rate, to the cent (negative: a credit); null without a rate or a fleet MPG. */
  taxDue: string | null;
}

/** A truck as the report's gaps and problems and the records name it (svc-core's trucks list). */
export interface IftaTruckName {
  truckNumber: string;
  vin: string | null;
}

export interface IftaGap {
  truckId: string;
  truckNumber: string | null;
  from: string;
  to: string;
  miles: string;
  reason: IftaGapReason;
}

export interface IftaProblem {
  /** fuel-location: no state to read; not-in-state: the truck had no position in the purchase's state that day (issue 48). */
  kind: 'fuel-location' | 'not-in-state';
  fuelId: string;
  truckId: string;
  truckNumber: string | null;
  transactionDate: string;
  location: string;
  gallons: string;
  message: string;
}

/**
 * What makes the figures implausible (issue 50), for the clerk to look at before filing: a fleet or truck MPG outside
 * IFTA_PLAUSIBLE_MPG, a truck that bought fuel but drove no miles, or drove miles but bought no fuel, in the period.
 */
export const IFTA_WARNING_KINDS = ['fleet-mpg', 'truck-mpg', 'fuel-no-miles', 'miles-no-fuel'] as const;
export type IftaWarningKind = (typeof IFTA_WARNING_KINDS)[number];
/** A heavy truck's miles per gallon: outside these, a mile or a gallon is likely missing or wrong. */
export const IFTA_PLAUSIBLE_MPG = { min: '3.50', max: '10.00' } as const;

export interface IftaWarning {
  kind: IftaWarningKind;
  /** Null for the fleet's. */
  truckId: string | null;
  truckNumber: string | null;
  message: string;
}

export const IFTA_WARNING_MESSAGES = {
  fleetMpg: (mpg: string) => `Fleet MPG ${mpg} is outside ${IFTA_PLAUSIBLE_MPG.min}-${IFTA_PLAUSIBLE_MPG.max}: check for missing miles or fuel`,
  truckMpg: (truck: string, mpg: string) => `Truck ${truck}: ${mpg} MPG is outside ${IFTA_PLAUSIBLE_MPG.min}-${IFTA_PLAUSIBLE_MPG.max}: check its miles and fuel`,
  fuelNoMiles: (truck: string, gallons: string) => `Truck ${truck} bought ${gallons} gallons but has no miles in the period`,
  milesNoFuel: (truck: string, miles: string) => `Truck ${truck} drove ${miles} miles but bought no fuel in the period`,
} as const;

export interface IftaReport extends IftaQuarter {
  truckId: string | null;
  from: string;
  to: string;
  /**
   * The totals of the columns, each the sum of its lines as shown: the lines are rounded together so that they keep
   * the total (roundKeepingTotal). totalGallons is every Diesel gallon bought, the tax-paid column's total.
   */
  totalMiles: string;
  totalTaxableMiles: string;
  totalGallons: string;
  /** The miles of the non-IFTA lines: counted in total miles, not in taxable miles. */
  nonIftaMiles: string;
  /** Total miles / total gallons to 2 decimals; null without Diesel bought. */
  fleetMpg: string | null;
  /** Null, as the lines' are, without a fleet MPG. */
  totalTaxableGallons: string | null;
  totalNetTaxableGallons: string | null;
  jurisdictions: IftaJurisdictionRow[];
  /** The sum of the rows' tax due (those with one). */
  totalTaxDue: string;
  /** IFTA states with miles or fuel and no rate for the quarter (the lines whose status is 'needs-rate'). */
  missingRates: UsStateCode[];
  gaps: IftaGap[];
  /** All the quarter's gaps; `gaps` holds the first IFTA_GAPS_MAX. */
  gapCount: number;
  problems: IftaProblem[];
  /** Figures to look at before filing (issue 50), the fleet's first, then each truck's by number. */
  warnings: IftaWarning[];
}

/** The filing CSV's columns (the rows of `jurisdictions`), in order. */
export const IFTA_CSV_HEADER = ['Jurisdiction', 'Total Miles', 'Taxable Miles', 'Taxable Gallons', 'Tax-Paid Gallons', 'Net Taxable Gallons', 'Tax Rate', 'Tax Due', 'Status'] as const;
export const iftaCsvRow = (row: IftaJurisdictionRow) => [
  row.jurisdiction,
  row.miles,
  row.taxableMiles,
  row.taxableGallons,
  row.taxPaidGallons,
  row.netTaxableGallons,
  row.rate,
  row.taxDue,
  IFTA_LINE_STATUS_LABELS[row.status],
];
/** The return's last line, its totals under the columns of IFTA_CSV_HEADER: the CSV's and the drawer's. */
export const iftaTotalLine = (report: IftaReport) => [
  'Total',
  report.totalMiles,
  report.totalTaxableMiles,
  report.totalTaxableGallons,
  report.totalGallons,
  report.totalNetTaxableGallons,
  null,
  report.totalTaxDue,
  null,
];
/** The auditor's records CSV's columns. */
export const IFTA_RECORDS_CSV_HEADER = ['Truck #', 'VIN', 'Time', 'Latitude', 'Longitude', 'State', 'Segment Miles'] as const;
export const iftaFileName = (kind: 'report' | 'records', { year, quarter }: IftaQuarter) => `ifta-${kind === 'report' ? '' : 'records-'}${year}-Q${quarter}.csv`;

/** The IFTA states' names, as the published rate tables write them ('Texas'), by postal code. */
export const IFTA_STATE_NAMES: Readonly<Record<string, string>> = {
  AL: 'Alabama', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut', DE: 'Delaware', FL: 'Florida',
  GA: 'Georgia', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine',
  MD: 'Maryland', MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
  NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York', NC: 'North Carolina',
  ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania', RI: 'Rhode Island', SC: 'South Carolina',
  SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah', VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia',
  WI: 'Wisconsin', WY: 'Wyoming',
};

const PUBLISHED_RATE = /^\$?\s*(\d{1,2}(?:\.\d{1,4})?)$/;

/**
 * A quarter's rates read from a CSV as the rate tables are published (issue 50): a row per jurisdiction, named by its
 * postal code or its name, and its rate per gallon in the first cell after it that reads as one ('0.2000', '$0.20').
 * Rows that name no IFTA state (a header, a Canadian province, a note) are passed over and said; a state given twice
 * keeps its first rate. The rates are then checked and saved as typed ones are.
 */
export function iftaRatesFromRows(rows: readonly (readonly string[])[]): { rates: IftaRate[]; skipped: string[] } {
  const byName = new Map<string, string>();
  for (const code of IFTA_STATE_CODES) byName.set(code.toLowerCase(), code);
  for (const [code, name] of Object.entries(IFTA_STATE_NAMES)) byName.set(name.toLowerCase(), code);
  const rates: IftaRate[] = [];
  const skipped: string[] = [];
  rows.forEach((cells, index) => {
    const named = cells.findIndex((cell) => byName.has(cell.trim().toLowerCase()));
    const rate = named < 0 ? undefined : cells.slice(named + 1).map((cell) => PUBLISHED_RATE.exec(cell.trim())?.[1]).find(Boolean);
    if (named < 0 || !rate) {
      if (cells.some((cell) => cell.trim())) skipped.push(`Row ${index + 1}: ${cells.join(', ').slice(0, 80)}`);
      return;
    }
    const jurisdiction = byName.get(cells[named].trim().toLowerCase()) as IftaRate['jurisdiction'];
    if (!rates.some((known) => known.jurisdiction === jurisdiction)) rates.push({ jurisdiction, rate });
  });
  return { rates, skipped };
}
