import {
  FUEL_IMPORT_MESSAGES,
  isLitres,
  itemKind,
  litresToGallonsThousandths,
  parseThousandths,
  thousandthsToText,
  US_STATE_CODES,
  wexKind,
  type FuelCardLayout,
  type FuelLineKind,
} from '@tms/contracts';

/** One row of a statement as readCsvRows reads it: its fields (STATEMENT_FIELDS) as the file writes them. */
export interface StatementRow {
  row: number;
  values: Partial<Record<string, string>>;
}

/** One line of a statement: an item bought (a row of EFS, WEX and the generic template; a part of a Comdata row), or a fee. */
export interface StatementLine {
  row: number;
  /** The item as the statement names it. */
  item: string;
  kind: FuelLineKind | undefined;
  /** The card's last four digits ('' when the line has no card). */
  card: string;
  invoice: string;
  unit: string;
  driver: string;
  /** YYYY-MM-DD, and HH:MM when the statement gives the time. */
  date: string | undefined;
  time: string | undefined;
  locationName: string;
  city: string;
  state: string;
  odometer: number | null;
  /** Gallons in thousandths (litres turned into gallons), for a fuel line. */
  gallons: bigint | null;
  /** Whether the statement wrote the quantity in litres. */
  litres: boolean;
  /** The line's amount in cents. */
  cents: bigint | null;
  problems: string[];
}

const PROVINCES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'];
const REGIONS = new Set<string>([...US_STATE_CODES, ...PROVINCES]);

const text = (values: StatementRow['values'], field: string) => (values[field] ?? '').trim();

/** '$1,234.50' → 123450n; '' → null; not money → undefined. */
function cents(raw: string): bigint | null | undefined {
  const cleaned = raw.replace(/[$,\s]/g, '');
  if (cleaned === '') return null;
  const negative = /^\(.*\)$/.test(cleaned) || cleaned.startsWith('-');
  const digits = cleaned.replace(/^[(-]|\)$/g, '');
  if (!/^\d*(\.\d{0,3})?$/.test(digits) || !/\d/.test(digits)) return undefined;
  // Half a cent rounds up (a statement may write a third decimal).
  const [whole, fraction = ''] = digits.split('.');
  const mills = BigInt(whole || '0') * 1000n + BigInt(fraction.padEnd(3, '0'));
  const value = (mills + 5n) / 10n;
  return negative ? -value : value;
}

/** '125.5' → 125500n thousandths; '' → null; not a quantity → undefined (more decimals are rounded half up). */
function thousandths(raw: string): bigint | null | undefined {
  const cleaned = raw.replace(/[,\s]/g, '');
  if (cleaned === '') return null;
  const match = /^(\d*)(?:\.(\d*))?$/.exec(cleaned);
  if (!match || !/\d/.test(cleaned)) return undefined;
  const [, whole, fraction = ''] = match;
  const exact = parseThousandths(`${whole || '0'}.${fraction.slice(0, 3)}`)!;
  return fraction.length > 3 && Number(fraction[3]) >= 5 ? exact + 1n : exact;
}

/** 'YYYY-MM-DD', 'MM/DD/YYYY' or 'M/D/YY' → 'YYYY-MM-DD'; undefined when it is no real day. */
export function statementDay(raw: string): string | undefined {
  let [year, month, day]: (string | undefined)[] = [];
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T\s].*)?$/.exec(raw);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})(?:\s.*)?$/.exec(raw);
  if (iso) [, year, month, day] = iso;
  else if (us) [, month, day, year] = us;
  if (!year || !month || !day) return undefined;
  if (year.length === 2) year = `20${year}`;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return undefined;
  return date.toISOString().slice(0, 10);
}

/** '14:05', '14:05:33', '2:05 PM', '1405' → 'HH:MM'; undefined when it is no time of day. */
export function statementTime(raw: string): string | undefined {
  const match = /^(\d{1,2}):?(\d{2})(?::\d{2})?\s*([AaPp][Mm])?$/.exec(raw.trim());
  if (!match) return undefined;
  let hours = Number(match[1]);
  const minutes = Number(match[2]);
  const half = match[3]?.toUpperCase();
  if (half) {
    if (hours < 1 || hours > 12) return undefined;
    hours = (hours % 12) + (half === 'PM' ? 12 : 0);
  }
  if (hours > 23 || minutes > 59) return undefined;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/**
 * A statement's rows as its lines, each read and checked on its own (what it names is matched later): the quantity
 * as gallons (litres turned into gallons when the row's measure says litres, or when a Canadian row gives none), the
 * amount in cents, the card's last four digits only.
 */
export function statementLines(layout: FuelCardLayout, rows: readonly StatementRow[]): StatementLine[] {
  return rows.flatMap(({ row, values }) => {
    const problems: string[] = [];
    const rawDate = text(values, 'date');
    const date = statementDay(rawDate);
    if (!date) problems.push(FUEL_IMPORT_MESSAGES.date(rawDate));
    const rawTime = text(values, 'time');
    const time = rawTime ? statementTime(rawTime) : undefined;
    if (rawTime && !time) problems.push(FUEL_IMPORT_MESSAGES.time(rawTime));
    const state = text(values, 'state').toUpperCase();
    if (!REGIONS.has(state)) problems.push(FUEL_IMPORT_MESSAGES.state(text(values, 'state')));
    const measure = text(values, 'measure');
    const litres = isLitres(measure) || (!measure && (text(values, 'currency').toUpperCase() === 'CAD' || PROVINCES.includes(state)));
    const odometerText = text(values, 'odometer').replace(/,/g, '');
    const base = {
      row,
      card: text(values, 'card').replace(/\D/g, '').slice(-4),
      invoice: text(values, 'invoice'),
      unit: text(values, 'unit'),
      driver: text(values, 'driver').replace(/\s+/g, ' '),
      date,
      time,
      locationName: text(values, 'locationName'),
      city: text(values, 'city'),
      state,
      odometer: /^\d{1,7}$/.test(odometerText) ? Number(odometerText) : null,
      litres,
    };
    const line = (item: string, kind: FuelLineKind | undefined, quantityText: string, amountText: string, more: string[] = []): StatementLine => {
      const lineProblems = [...problems, ...more];
      const quantity = thousandths(quantityText);
      if (quantity === undefined) lineProblems.push(FUEL_IMPORT_MESSAGES.quantity(quantityText));
      const amount = cents(amountText);
      if (amount === undefined) lineProblems.push(FUEL_IMPORT_MESSAGES.amount(amountText));
      else if (amount !== null && amount < 0n) lineProblems.push(FUEL_IMPORT_MESSAGES.negative);
      const gallons = quantity == null ? null : litres ? litresToGallonsThousandths(quantity) : quantity;
      return { ...base, item, kind, gallons, cents: amount ?? null, problems: lineProblems };
    };
    const lines: StatementLine[] = [];
    if (layout === 'comdata') {
      const parts: [string, FuelLineKind, string, string][] = [
        ['Tractor', 'tractor', 'tractorGallons', 'tractorCost'],
        ['Reefer', 'reefer', 'reeferGallons', 'reeferCost'],
        ['Other', 'other', '', 'otherCost'],
        ['Cash Advance', 'cash', '', 'cashAdvance'],
      ];
      for (const [item, kind, quantityField, costField] of parts) {
        const quantity = quantityField ? text(values, quantityField) : '';
        const cost = text(values, costField);
        if (isZero(quantity) && isZero(cost)) continue;
        lines.push(line(item, kind, quantity, cost));
      }
    } else {
      const item = text(values, 'item');
      const kind = layout === 'wex' ? wexKind(item, text(values, 'itemDescription')) : itemKind(item);
      const unknown = layout === 'wex' && !kind ? [FUEL_IMPORT_MESSAGES.unknownProduct(item)] : [];
      lines.push(line(item, kind, text(values, 'quantity'), text(values, 'amount'), unknown));
    }
    const fees = text(values, 'fees');
    if (!isZero(fees)) lines.push(line('Fees', 'fee', '', fees));
    return lines;
  });
}

const isZero = (raw: string) => {
  const value = cents(raw);
  return value === null || value === 0n;
};

/** Price per gallon to the thousandth: the line's amount over its gallons, rounded half up. */
export function pricePerGallon(amountCents: bigint, gallons: bigint): string {
  // Cents × 10 = mills of a dollar; × 1000 thousandths of a gallon: thousandths of a dollar per gallon.
  return thousandthsToText((amountCents * 10n * 1000n * 2n + gallons) / (gallons * 2n));
}
