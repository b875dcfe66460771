import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  centsToMoney,
  DRIVER_DEDUCTION_IMPORT_ACTION,
  DRIVER_DEDUCTIONS_RESOURCE,
  EXPENSE_IMPORT_ACTION,
  FUEL_CARD_COLUMNS,
  FUEL_CARD_REQUIRED,
  FUEL_CHECKS_ACTION,
  FUEL_FLAGGED_DAYS,
  FUEL_FLAGGED_MAX,
  FUEL_GPS_FAR_MILES,
  FUEL_IMPORT_MESSAGES,
  FUEL_MAPPING_LAYOUT,
  FUEL_MAPPING_REQUIRED,
  fuelCardColumns,
  fuelMappingColumns,
  fuelMappingFieldLabel,
  fuelTotalCost,
  IFTA_RESOURCE,
  instantIn,
  ok,
  parseCents,
  parseThousandths,
  STATEMENT_FIELDS,
  thousandthsToText,
  US_STATE_CODES,
  type DriverDeductionImportAnswer,
  type DriverDeductionImportLine,
  type ExpenseImportAnswer,
  type ExpenseImportLine,
  type FlaggedFuelPurchase,
  type FuelCardLayout,
  type FuelChecksAnswer,
  type FuelChecksPayload,
  type FuelImportLine,
  type FuelImportResult,
  type FuelLineKind,
  type ImportColumns,
  type StatementField,
  type RpcReply,
} from '@tms/contracts';
import { addDays, companyTimeZone, dayIn, readCsvRows, Refusal, ServiceRequests, type ChangeContext, type CsvFile } from '@tms/service-kit';
import { Repository, type EntityManager } from 'typeorm';
import { geocode } from '../stops/geocode.js';
import { FuelEntity } from './fuel.entity.js';
import { FuelService } from './fuel.service.js';
import { pricePerGallon, statementLines, type StatementLine } from './statement-lines.js';

/** A statement's line as it would be applied. */
interface PlannedLine extends FuelImportLine {
  key?: string;
  purchase?: Record<string, unknown> & { truckId: string; driverId: string };
  expense?: ExpenseImportLine;
  /** Issue 48: a cash advance, the driver's deduction (svc-accounting's). */
  deduction?: DriverDeductionImportLine;
  notInState?: boolean;
  at?: number;
  day?: string;
  station?: { latitude: number; longitude: number } | null;
}

/**
 * How a statement is read: a built-in layout by its own columns, or a saved mapping (point 1: any other layout) by the
 * titles it names, its lines read as the generic template's. `key` starts each line's key: the layout, or the mapping's id.
 */
export interface StatementReading {
  layout: FuelCardLayout | typeof FUEL_MAPPING_LAYOUT;
  mapping?: { id: string; name: string };
  readAs: FuelCardLayout;
  key: string;
  fields: readonly string[];
  columns: ImportColumns;
  /** The fields the file cannot do without, each with the titles its missing column is named by. */
  required: readonly [string, readonly string[]][];
}

export const layoutReading = (layout: FuelCardLayout): StatementReading => ({
  layout,
  readAs: layout,
  key: layout,
  fields: STATEMENT_FIELDS,
  columns: fuelCardColumns(layout),
  required: FUEL_CARD_REQUIRED[layout].map((field) => [field, FUEL_CARD_COLUMNS[layout][field]!]),
});

/** Only the fields the mapping names are read: a column that happens to be called after another field is left out. */
export function mappingReading(mapping: { id: string; name: string; columns: Partial<Record<StatementField, string>> }): StatementReading {
  const columns = fuelMappingColumns(mapping.columns);
  const titles = columns.titles!;
  return {
    layout: FUEL_MAPPING_LAYOUT,
    mapping: { id: mapping.id, name: mapping.name },
    readAs: 'generic',
    key: `${FUEL_MAPPING_LAYOUT}:${mapping.id}`,
    fields: Object.keys(titles),
    columns,
    required: FUEL_MAPPING_REQUIRED.map((field) => [field, titles[field] ?? [fuelMappingFieldLabel(field)]]),
  };
}

/** Expenses sent to svc-accounting at a time: well under NATS's max_payload. */
const EXPENSE_BATCH = 1000;
/** How long svc-accounting may take over a batch of expenses written with their audit trail. */
const EXPENSE_TIMEOUT_MS = 30_000;
/** How long svc-telematics may take over a statement's GPS check. */
const GPS_TIMEOUT_MS = 10_000;

/** What each kind of line becomes: a purchase of a fuel type, an expense of a category, or a driver's deduction. */
const BECOMES: Record<FuelLineKind, { purchase?: 'Diesel' | 'Gas'; category?: string; deduction?: true; label: string }> = {
  tractor: { purchase: 'Diesel', label: 'Diesel' },
  gasoline: { purchase: 'Gas', label: 'Gasoline' },
  reefer: { category: 'Fuel', label: 'Reefer diesel' },
  def: { category: 'Fuel', label: 'DEF' },
  oil: { category: 'Maintenance', label: 'Oil' },
  other: { category: 'Other', label: 'Other item' },
  fee: { category: 'Other', label: 'Card fees' },
  cash: { deduction: true, label: 'Cash advance' },
};

/** Spec 2.13's vendors, as a station's name reads them ('PILOT TRAVEL CENTER #123' is Pilot). */
const VENDOR_NAMES: [RegExp, string][] = [
  [/\bpilot\b/i, 'Pilot'],
  [/\blove'?s\b/i, "Love's"],
  [/\bflying\s*j\b/i, 'Flying J'],
  [/\bpetro\b/i, 'Petro'],
  [/\bshell\b/i, 'Shell'],
  [/\bspeedway\b/i, 'Speedway'],
  [/\b(ta|travelcenters? of america)\b/i, 'TA'],
];
const vendorOf = (name: string) => VENDOR_NAMES.find(([pattern]) => pattern.test(name))?.[1] ?? (name || 'Other');

const US = new Set<string>(US_STATE_CODES);
const EARTH_RADIUS_MILES = 3958.7613;
function milesBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const radians = Math.PI / 180;
  const [dLat, dLon] = [(b.latitude - a.latitude) * radians, (b.longitude - a.longitude) * radians];
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * radians) * Math.cos(b.latitude * radians) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Issue 48: a fuel card statement, read by its layout (contracts' fuel-import.ts), every line answered: what it
 * becomes or why it cannot. Units and driver names are matched exactly (case and spaces forgiven), never guessed.
 * Each line's key (layout, card's last four, invoice, item) makes a statement imported again, or two that overlap,
 * change nothing. Purchases are checked against the truck's GPS in one request to svc-telematics for the whole file.
 * Applying (nothing while a line has a problem): the expenses in svc-accounting (by their keys, in batches, each one
 * transaction), the cash advances as the drivers' deductions there (by their keys too), then the purchases in one transaction, both with the write pipeline's steps for many records
 * (FuelService.createImported, applyImport as a CSV import's rows are written).
 */
@Injectable()
export class FuelImportsService {
  private readonly timeZone = companyTimeZone();

  constructor(
    @InjectRepository(FuelEntity) private readonly repository: Repository<FuelEntity>,
    private readonly fuel: FuelService,
    private readonly services: ServiceRequests,
  ) {}

  async statement(file: CsvFile, reading: StatementReading, dryRun: boolean, context: ChangeContext): Promise<RpcReply<FuelImportResult>> {
    const read = await readCsvRows(file, reading.fields, reading.columns);
    if ('refused' in read) return read.refused;
    const result = (lines: PlannedLine[], errors: string[], applied: boolean): FuelImportResult => summary(reading, dryRun, applied, lines, errors);
    const missing = reading.required.filter(([field]) => read.rows.length && !(field in read.rows[0].values));
    const fileErrors = [...missing.map(([, titles]) => FUEL_IMPORT_MESSAGES.missingColumn(titles)), ...read.errors.map((error) => `Row ${error.row}: ${error.message}`)];
    if (fileErrors.length) return ok(result([], fileErrors, false));
    const planned = await this.plan(this.repository.manager, reading, statementLines(reading.readAs, read.rows));
    if (!('lines' in planned)) return planned.reply;
    const lines = planned.lines;
    const clean = lines.every((line) => line.outcome !== 'error');
    if (dryRun || !clean) return ok(result(lines, clean ? [] : [FUEL_IMPORT_MESSAGES.notClean], false));

    const expenses = lines.filter((line) => line.outcome === 'create' && line.expense).map((line) => line.expense!);
    for (let start = 0; start < expenses.length; start += EXPENSE_BATCH) {
      const answer = await this.services.request<ExpenseImportAnswer>('accounting', 'expenses', EXPENSE_IMPORT_ACTION, { dryRun: false, lines: expenses.slice(start, start + EXPENSE_BATCH) }, EXPENSE_TIMEOUT_MS, context.actor);
      if (!answer.ok) return answer;
    }
    const deductions = lines.filter((line) => line.outcome === 'create' && line.deduction).map((line) => line.deduction!);
    if (deductions.length) {
      const answer = await this.services.request<DriverDeductionImportAnswer>('accounting', DRIVER_DEDUCTIONS_RESOURCE, DRIVER_DEDUCTION_IMPORT_ACTION, { dryRun: false, lines: deductions }, EXPENSE_TIMEOUT_MS, context.actor);
      if (!answer.ok) return answer;
    }
    const purchases = lines.filter((line) => line.outcome === 'create' && line.purchase);
    let created: Awaited<ReturnType<FuelService['createImported']>>;
    try {
      created = await this.repository.manager.transaction(async (manager) => {
        // Under the keys' own check again: a statement imported twice at once writes each purchase once.
        const known = await knownKeys(manager, purchases.map((line) => line.key!));
        for (const line of purchases) if (known.has(line.key!)) line.outcome = 'exists';
        const fresh = purchases.filter((line) => line.outcome === 'create');
        const made = fresh.length
          ? await this.fuel.createImported(
              manager,
              fresh.map((line) => ({ fields: line.purchase, extra: { importKey: line.key!, gpsWarnings: line.warnings, notInState: Boolean(line.notInState) } })),
              { ...context, resource: 'fuel' },
            )
          : [];
        return made;
      });
    } catch (error) {
      if (error instanceof Refusal) return error.reply;
      throw error;
    }
    await this.fuel.announceCreated(created);
    return ok(result(lines, [], created.length + expenses.length + deductions.length > 0));
  }

  /** The purchases the GPS check flagged in the last FUEL_FLAGGED_DAYS days (the company's), newest first. */
  flagged(): Promise<FlaggedFuelPurchase[]> {
    return this.repository.manager.query(
      `SELECT f.id, f.truck_id AS "truckId", t.truck_number AS "truckNumber", to_char(f.transaction_date, 'YYYY-MM-DD') AS "transactionDate",
              f.location, f.gps_warnings AS "gpsWarnings"
       FROM core.fuel_transactions f LEFT JOIN core.trucks t ON t.id = f.truck_id
       WHERE cardinality(f.gps_warnings) > 0 AND f.transaction_date >= $1::date
       ORDER BY f.transaction_date DESC, f.created_at DESC, f.id LIMIT $2`,
      [addDays(dayIn(this.timeZone), -FUEL_FLAGGED_DAYS), FUEL_FLAGGED_MAX],
    );
  }

  /** Every line matched, keyed, checked against what is imported already and against the truck's GPS. */
  private async plan(manager: EntityManager, reading: StatementReading, read: StatementLine[]): Promise<{ lines: PlannedLine[] } | { reply: RpcReply<never> }> {
    const units = [...new Set(read.map((line) => line.unit.toLowerCase()).filter(Boolean))];
    const names = [...new Set(read.flatMap((line) => nameForms(line.driver)).filter(Boolean))];
    const [trucks, drivers]: [{ id: string; key: string }[], { id: string; key: string }[]] = await Promise.all([
      units.length ? manager.query(`SELECT id, lower(truck_number) AS key FROM core.trucks WHERE lower(truck_number) = ANY($1)`, [units]) : [],
      names.length ? manager.query(`SELECT id, lower(regexp_replace(trim(name), '\\s+', ' ', 'g')) AS key FROM core.drivers WHERE lower(regexp_replace(trim(name), '\\s+', ' ', 'g')) = ANY($1)`, [names]) : [],
    ]);
    const truckOf = new Map(trucks.map((truck) => [truck.key, truck.id]));
    const driversOf = new Map<string, string[]>();
    for (const driver of drivers) driversOf.set(driver.key, [...(driversOf.get(driver.key) ?? []), driver.id]);

    const lines: PlannedLine[] = read.map((line) => this.planLine(reading, line, truckOf, driversOf));
    // A key twice in the file: which line is meant is unclear.
    const rowsOf = new Map<string, number[]>();
    for (const line of lines) if (line.key) rowsOf.set(line.key, [...(rowsOf.get(line.key) ?? []), line.row]);
    for (const line of lines) {
      const rows = line.key ? rowsOf.get(line.key)! : [];
      if (rows.length > 1) line.problems.push(FUEL_IMPORT_MESSAGES.repeated(rows));
    }

    const purchaseKeys = lines.filter((line) => line.purchase && line.key).map((line) => line.key!);
    const expenseKeys = lines.filter((line) => line.expense).map((line) => ({ key: line.expense!.key }));
    const deductionKeys = lines.filter((line) => line.deduction).map((line) => ({ key: line.deduction!.key }));
    const purchases = lines.filter((line) => line.purchase && line.at !== undefined);
    const [known, expenses, deductions, gps] = await Promise.all([
      knownKeys(manager, purchaseKeys),
      expenseKeys.length ? this.services.request<ExpenseImportAnswer>('accounting', 'expenses', EXPENSE_IMPORT_ACTION, { dryRun: true, lines: expenseKeys }, EXPENSE_TIMEOUT_MS) : ok<ExpenseImportAnswer>({ existing: [], created: 0 }),
      deductionKeys.length
        ? this.services.request<DriverDeductionImportAnswer>('accounting', DRIVER_DEDUCTIONS_RESOURCE, DRIVER_DEDUCTION_IMPORT_ACTION, { dryRun: true, lines: deductionKeys }, EXPENSE_TIMEOUT_MS)
        : ok<DriverDeductionImportAnswer>({ existing: [], created: 0 }),
      purchases.length ? this.services.request<FuelChecksAnswer>('telematics', IFTA_RESOURCE, FUEL_CHECKS_ACTION, checksPayload(purchases), GPS_TIMEOUT_MS) : ok<FuelChecksAnswer>({ trucks: {} }),
    ]);
    if (!expenses.ok) return { reply: expenses };
    if (!deductions.ok) return { reply: deductions };
    if (!gps.ok) return { reply: gps };
    const knownExpenses = new Set([...expenses.data.existing, ...deductions.data.existing]);
    const position = new Map<PlannedLine, number>();
    const seen = new Map<string, number>();
    for (const line of purchases) {
      const index = seen.get(line.purchase!.truckId) ?? 0;
      seen.set(line.purchase!.truckId, index + 1);
      position.set(line, index);
    }
    for (const line of lines) {
      if (line.purchase && line.at !== undefined) this.checkGps(line, gps.data.trucks[line.purchase.truckId], position.get(line)!);
      if (line.problems.length) line.outcome = 'error';
      else if (line.key && (known.has(line.key) || knownExpenses.has(line.key))) {
        line.outcome = 'exists';
        line.description = `${line.description} (${FUEL_IMPORT_MESSAGES.exists})`;
      }
    }
    return { lines };
  }

  /** A line read: what it names matched, its key, what it becomes. */
  private planLine(reading: StatementReading, line: StatementLine, truckOf: Map<string, string>, driversOf: Map<string, string[]>): PlannedLine {
    const problems = [...line.problems];
    const gallons = line.gallons === null ? null : thousandthsToText(line.gallons);
    const amount = line.cents === null ? null : centsToMoney(line.cents);
    const planned: PlannedLine = { row: line.row, item: line.item, becomes: null, outcome: 'create', description: '', amount, gallons, problems, warnings: [] };
    const becomes = line.kind ? BECOMES[line.kind] : undefined;
    if (!becomes) return { ...planned, outcome: 'error', description: 'Not imported' };
    if (!line.invoice) problems.push(FUEL_IMPORT_MESSAGES.noInvoice);
    if (!line.card && reading.readAs !== 'generic') problems.push(FUEL_IMPORT_MESSAGES.noCard);
    if (line.cents === null) problems.push(FUEL_IMPORT_MESSAGES.amount(''));
    planned.key = [reading.key, line.card, line.invoice.toLowerCase(), line.item.toLowerCase()].join('|');
    const location = line.city ? `${line.city}, ${line.state}` : line.state;
    const place = line.locationName ? `${line.locationName}, ${location}` : location;

    const matches = [...new Set(nameForms(line.driver).flatMap((name) => driversOf.get(name) ?? []))];
    const driverProblem = !line.driver
      ? FUEL_IMPORT_MESSAGES.noDriver
      : !matches.length
        ? FUEL_IMPORT_MESSAGES.unknownDriver(line.driver)
        : matches.length > 1
          ? FUEL_IMPORT_MESSAGES.ambiguousDriver(line.driver)
          : null;
    if (becomes.deduction) {
      // Issue 48: the driver's deduction, which their next settlement lists and subtracts (svc-accounting's).
      planned.becomes = 'deduction';
      planned.description = FUEL_IMPORT_MESSAGES.cashAdvance(line.driver || 'the driver', amount ?? '?');
      if (driverProblem) problems.push(driverProblem);
      if (line.cents === 0n) problems.push(FUEL_IMPORT_MESSAGES.amount('0.00'));
      if (!driverProblem && line.date && line.cents !== null && line.cents > 0n) {
        const description = `${becomes.label}, ${place} (card ${line.card || '-'}, invoice ${line.invoice})`;
        planned.deduction = { key: planned.key, driverId: matches[0], deductionDate: line.date, description, amount: amount! };
      }
      return planned;
    }
    if (becomes.category) {
      planned.becomes = 'expense';
      const what = `${becomes.label}${gallons && line.kind === 'reefer' ? ` ${gallons} gal` : ''}`;
      const description = `${what}, ${place}${line.unit ? `, unit ${line.unit}` : ''}${line.driver ? `, ${line.driver}` : ''} (card ${line.card || '-'}, invoice ${line.invoice})`;
      planned.description = `Expense (${becomes.category}): ${what}, ${amount ? `$${amount}` : ''}`;
      if (line.cents === 0n) problems.push(FUEL_IMPORT_MESSAGES.amount('0.00'));
      if (line.date && line.cents !== null && line.cents > 0n) {
        planned.expense = { key: planned.key, expenseDate: line.date, category: becomes.category, description, amount: amount!, vendor: vendorOf(line.locationName), notes: line.kind === 'reefer' ? 'Reefer fuel: not in IFTA' : null };
      }
      return planned;
    }

    planned.becomes = 'purchase';
    const truckId = line.unit ? truckOf.get(line.unit.toLowerCase()) : undefined;
    if (!line.unit) problems.push(FUEL_IMPORT_MESSAGES.noUnit);
    else if (!truckId) problems.push(FUEL_IMPORT_MESSAGES.unknownUnit(line.unit));
    if (driverProblem) problems.push(driverProblem);
    if (line.gallons === null || line.gallons <= 0n) problems.push(FUEL_IMPORT_MESSAGES.quantity(''));
    const price = line.gallons && line.cents !== null && line.cents > 0n ? pricePerGallon(line.cents, line.gallons) : null;
    const fuelType = becomes.purchase!;
    planned.description = `Fuel purchase: unit ${line.unit || '-'}, ${gallons ?? '?'} gal ${fuelType}${line.litres ? ' (from litres)' : ''}, ${amount ? `$${amount}` : ''}`;
    if (!truckId || matches.length !== 1 || !price || !line.date) return planned;
    planned.purchase = {
      truckId,
      driverId: matches[0],
      transactionDate: line.date,
      vendor: vendorOf(line.locationName),
      location,
      gallons: gallons!,
      pricePerGallon: price,
      fuelType,
      cardNumber: line.card || null,
      receiptNumber: line.invoice.slice(0, 200) || null,
      odometerReading: line.odometer,
      notes: line.litres ? `Bought in litres: ${place}` : line.locationName ? place : null,
    };
    // The purchase's total is gallons × price per gallon to the cent (spec 5), a cent off a statement's at most.
    planned.amount = fuelTotalCost(gallons, price)!;
    planned.description = `Fuel purchase: unit ${line.unit}, ${gallons} gal ${fuelType} at $${price}${line.litres ? ' (from litres)' : ''}, ${location}, $${planned.amount}`;
    if (line.time) planned.at = instantIn(this.timeZone, line.date, line.time).getTime();
    planned.day = line.date;
    planned.station = line.city ? (() => {
      const found = geocode(location, null);
      return found.latitude === null || found.longitude === null ? null : { latitude: found.latitude, longitude: found.longitude };
    })() : null;
    return planned;
  }

  /** Point 3: the purchase against the truck's nearest position (within the window) and the states it was in that day. */
  private checkGps(line: PlannedLine, truck: FuelChecksAnswer['trucks'][string] | undefined, index: number) {
    const near = truck?.near[index] ?? null;
    if (!near) line.warnings.push(FUEL_IMPORT_MESSAGES.noGps);
    else if (line.station) {
      const miles = milesBetween({ latitude: near[0], longitude: near[1] }, line.station);
      if (miles > FUEL_GPS_FAR_MILES) line.warnings.push(FUEL_IMPORT_MESSAGES.farFromTruck(Math.round(miles)));
    }
    const state = String(line.purchase!.location).split(',').at(-1)!.trim();
    const states = truck?.states[line.day!] ?? [];
    if (US.has(state) && states.length && !states.includes(state)) {
      line.warnings.push(FUEL_IMPORT_MESSAGES.notInState);
      line.notInState = true;
    }
  }
}

/** The keys among `keys` that purchases have already. */
async function knownKeys(manager: EntityManager, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows: { key: string }[] = await manager.query(`SELECT import_key AS key FROM core.fuel_transactions WHERE import_key = ANY($1)`, [keys]);
  return new Set(rows.map((row) => row.key));
}

/** A driver's name as matched: 'John  Smith' and 'SMITH, JOHN' both 'john smith'. */
function nameForms(name: string): string[] {
  const plain = name.trim().replace(/\s+/g, ' ').toLowerCase();
  if (!plain) return [];
  const comma = /^([^,]+),\s*(.+)$/.exec(plain);
  return comma ? [plain, `${comma[2]} ${comma[1]}`] : [plain];
}

/** One request for the whole statement: per truck, its purchases' instants and days, in the lines' order. */
function checksPayload(purchases: PlannedLine[]): FuelChecksPayload {
  const trucks: FuelChecksPayload['trucks'] = {};
  for (const line of purchases) {
    const truck = (trucks[line.purchase!.truckId] ??= { at: [], day: [] });
    truck.at.push(line.at!);
    truck.day.push(line.day!);
  }
  return { trucks };
}

function summary(reading: StatementReading, dryRun: boolean, applied: boolean, planned: PlannedLine[], errors: string[]): FuelImportResult {
  const lines: FuelImportLine[] = planned.map(({ row, item, becomes, outcome, description, amount, gallons, problems, warnings }) => ({ row, item, becomes, outcome, description, amount, gallons, problems, warnings }));
  const fresh = lines.filter((line) => line.outcome === 'create');
  const count = (becomes: FuelImportLine['becomes']) => fresh.filter((line) => line.becomes === becomes).length;
  const cents = (rows: FuelImportLine[]) => rows.reduce((sum, line) => sum + (parseCents(line.amount ?? '0') ?? 0n), 0n);
  const gallons = fresh.filter((line) => line.becomes === 'purchase').reduce((sum, line) => sum + (parseThousandths(line.gallons ?? '0') ?? 0n), 0n);
  return {
    layout: reading.layout,
    ...(reading.mapping ? { mapping: reading.mapping } : {}),
    dryRun,
    applied,
    lines,
    counts: {
      purchases: count('purchase'),
      expenses: count('expense'),
      deductions: lines.filter((line) => line.becomes === 'deduction').length,
      existing: lines.filter((line) => line.outcome === 'exists').length,
      skipped: lines.filter((line) => line.outcome === 'skip').length,
      problems: lines.filter((line) => line.outcome === 'error').length,
      flagged: lines.filter((line) => line.warnings.length).length,
    },
    totals: {
      gallons: thousandthsToText(gallons),
      purchases: centsToMoney(cents(fresh.filter((line) => line.becomes === 'purchase'))),
      expenses: centsToMoney(cents(fresh.filter((line) => line.becomes === 'expense'))),
    },
    errors,
  };
}
