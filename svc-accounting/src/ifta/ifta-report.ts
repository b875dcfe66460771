import {
  divideRounded,
  fromUnits,
  IFTA_MESSAGES,
  IFTA_PLAUSIBLE_MPG,
  IFTA_WARNING_MESSAGES,
  isNonIfta,
  MILLIMETERS_PER_MILE,
  OTHER_JURISDICTION,
  quarterDays,
  roundKeepingTotal,
  toUnits,
  type IftaFuel,
  type IftaJurisdiction,
  type IftaJurisdictionRow,
  type IftaLineStatus,
  type IftaMiles,
  type IftaRates,
  type IftaReport,
  type IftaReportQuery,
  type IftaTruckName,
  type IftaWarning,
  type UsStateCode,
} from '@tms/contracts';

const MM_PER_MILE = BigInt(MILLIMETERS_PER_MILE);
/** Millimeters as tenths of a mile, rounded half up. */
export const tenthsOfMile = (millimeters: bigint) => divideRounded(millimeters * 10n, MM_PER_MILE);

/**
 * The IFTA return of a quarter, composed exactly in whole units: miles in tenths, gallons in thousandths, MPG in
 * hundredths, rates in ten-thousandths, tax in cents, from the figures the report shows (as a clerk checks them by
 * hand): fleet MPG = total miles / total gallons, both counting non-IFTA jurisdictions; an IFTA state's taxable gallons
 * = its miles / fleet MPG; net taxable = taxable − tax-paid; tax due = net taxable × rate (negative: a credit). Each
 * column's lines are rounded together so that they add up to the total shown (largest remainder: a line may be a unit
 * off its own rounding, never more), halves away from zero.
 */
export function composeIftaReport(
  query: IftaReportQuery,
  miles: IftaMiles,
  fuel: IftaFuel,
  rates: IftaRates,
  trucks: ReadonlyMap<string, IftaTruckName>,
): IftaReport {
  const millimeters = new Map<IftaJurisdiction, bigint>(miles.millimeters.map((row) => [row.jurisdiction, BigInt(row.millimeters)]));
  const gallons = new Map<IftaJurisdiction, bigint>(fuel.gallons.map((row) => [row.jurisdiction, toUnits(row.gallons, 3)]));
  const rateOf = new Map(rates.rates.map((row) => [row.jurisdiction, row.rate]));
  const order = (code: IftaJurisdiction) => (code === OTHER_JURISDICTION ? `~${code}` : code);
  const jurisdictions = [...new Set([...millimeters.keys(), ...gallons.keys()])].sort((a, b) => (order(a) < order(b) ? -1 : 1));
  const status = jurisdictions.map((jurisdiction): IftaLineStatus => {
    if (jurisdiction === OTHER_JURISDICTION) return 'outside-states';
    if (isNonIfta(jurisdiction)) return 'non-ifta';
    return rateOf.has(jurisdiction as UsStateCode) ? 'taxed' : 'needs-rate';
  });
  const taxedUnderIfta = (index: number) => status[index] !== 'non-ifta';

  const stateMiles = roundKeepingTotal(
    jurisdictions.map((jurisdiction) => (millimeters.get(jurisdiction) ?? 0n) * 10n),
    MM_PER_MILE,
  );
  const taxableMiles = stateMiles.parts.map((tenths, index) => (taxedUnderIfta(index) ? tenths : 0n));
  const totalGallons = [...gallons.values()].reduce((sum, units) => sum + units, 0n);
  // Hundredths of a mile per gallon: tenths / thousandths × 10,000.
  const fleetMpg = totalGallons > 0n ? divideRounded(stateMiles.total * 10_000n, totalGallons) : null;
  // Thousandths of a gallon: tenths of a mile / hundredths of a mile per gallon × 10,000, over the IFTA lines (none
  // without Diesel bought).
  const ifta = jurisdictions.map((_, index) => index).filter(taxedUnderIfta);
  const taxableParts =
    fleetMpg === null ? null : fleetMpg === 0n ? ifta.map(() => 0n) : roundKeepingTotal(ifta.map((index) => taxableMiles[index] * 10_000n), fleetMpg).parts;
  const taxable = new Map(ifta.map((index, position) => [index, taxableParts?.[position] ?? null]));
  const taxPaid = jurisdictions.map((jurisdiction) => gallons.get(jurisdiction) ?? 0n);
  const net = jurisdictions.map((_, index) => {
    const units = taxable.get(index);
    return units === undefined || units === null ? null : units - taxPaid[index];
  });
  // Cents: thousandths of a gallon × ten-thousandths of a dollar / 100,000, over the lines with a rate.
  const taxed = jurisdictions.map((_, index) => index).filter((index) => status[index] === 'taxed' && net[index] !== null);
  const rateOfLine = (index: number) => rateOf.get(jurisdictions[index] as UsStateCode)!;
  const tax = roundKeepingTotal(
    taxed.map((index) => net[index]! * toUnits(rateOfLine(index), 4)),
    100_000n,
  );
  const taxDue = new Map(taxed.map((index, position) => [index, tax.parts[position]]));
  const sum = (units: readonly (bigint | null | undefined)[]) => units.reduce<bigint>((total, part) => total + (part ?? 0n), 0n);

  const rows = jurisdictions.map((jurisdiction, index): IftaJurisdictionRow => {
    const due = taxDue.get(index);
    const taxableGallons = taxable.get(index) ?? null;
    return {
      jurisdiction,
      status: status[index],
      miles: fromUnits(stateMiles.parts[index], 1),
      taxableMiles: fromUnits(taxableMiles[index], 1),
      taxableGallons: taxableGallons === null ? null : fromUnits(taxableGallons, 3),
      taxPaidGallons: fromUnits(taxPaid[index], 3),
      netTaxableGallons: net[index] === null ? null : fromUnits(net[index]!, 3),
      rate: status[index] === 'taxed' ? rateOfLine(index) : null,
      taxDue: due === undefined ? null : fromUnits(due, 2),
    };
  });
  return {
    year: query.year,
    quarter: query.quarter,
    truckId: query.truckId ?? null,
    ...quarterDays(query),
    totalMiles: fromUnits(stateMiles.total, 1),
    totalTaxableMiles: fromUnits(sum(taxableMiles), 1),
    nonIftaMiles: fromUnits(stateMiles.total - sum(taxableMiles), 1),
    totalGallons: fromUnits(totalGallons, 3),
    fleetMpg: fleetMpg === null ? null : fromUnits(fleetMpg, 2),
    totalTaxableGallons: taxableParts === null ? null : fromUnits(sum(taxableParts), 3),
    totalNetTaxableGallons: taxableParts === null ? null : fromUnits(sum(net), 3),
    jurisdictions: rows,
    totalTaxDue: fromUnits(tax.total, 2),
    missingRates: jurisdictions.filter((_, index) => status[index] === 'needs-rate') as UsStateCode[],
    gaps: miles.gaps.map((gap) => ({
      truckId: gap.truckId,
      truckNumber: trucks.get(gap.truckId)?.truckNumber ?? null,
      from: gap.from,
      to: gap.to,
      miles: fromUnits(tenthsOfMile(BigInt(gap.millimeters)), 1),
      reason: gap.reason,
    })),
    gapCount: miles.gapCount,
    problems: fuel.problems.map(({ kind = 'fuel-location', ...problem }) => ({
      kind,
      ...problem,
      truckNumber: trucks.get(problem.truckId)?.truckNumber ?? null,
      message: kind === 'not-in-state' ? IFTA_MESSAGES.notInState(problem.location) : IFTA_MESSAGES.unreadableLocation(problem.location),
    })),
    warnings: plausibilityWarnings(fleetMpg, miles, fuel, trucks),
  };
}

const PLAUSIBLE_MPG = { min: toUnits(IFTA_PLAUSIBLE_MPG.min, 2), max: toUnits(IFTA_PLAUSIBLE_MPG.max, 2) };
const plausible = (mpg: bigint) => mpg >= PLAUSIBLE_MPG.min && mpg <= PLAUSIBLE_MPG.max;

/**
 * Issue 50's plausibility checks: the fleet MPG, then each truck's (its miles in tenths over its Diesel gallons, as
 * the fleet's), a truck with fuel and no miles, one with miles and no fuel; trucks in the order of their numbers.
 */
export function plausibilityWarnings(fleetMpg: bigint | null, miles: IftaMiles, fuel: IftaFuel, trucks: ReadonlyMap<string, IftaTruckName>): IftaWarning[] {
  const warnings: IftaWarning[] = [];
  if (fleetMpg !== null && !plausible(fleetMpg)) warnings.push({ kind: 'fleet-mpg', truckId: null, truckNumber: null, message: IFTA_WARNING_MESSAGES.fleetMpg(fromUnits(fleetMpg, 2)) });
  const tenths = new Map(miles.trucks.map(({ truckId, millimeters }) => [truckId, tenthsOfMile(BigInt(millimeters))]));
  const gallons = new Map(fuel.trucks.map(({ truckId, gallons: bought }) => [truckId, toUnits(bought, 3)]));
  const name = (truckId: string) => trucks.get(truckId)?.truckNumber ?? null;
  const ids = [...new Set([...tenths.keys(), ...gallons.keys()])].sort((a, b) => (name(a) ?? a).localeCompare(name(b) ?? b, undefined, { numeric: true }));
  for (const truckId of ids) {
    const [driven = 0n, bought = 0n] = [tenths.get(truckId), gallons.get(truckId)];
    const truck = name(truckId) ?? truckId;
    const about = { truckId, truckNumber: name(truckId) };
    if (bought > 0n && driven === 0n) warnings.push({ kind: 'fuel-no-miles', ...about, message: IFTA_WARNING_MESSAGES.fuelNoMiles(truck, fromUnits(bought, 3)) });
    else if (driven > 0n && bought === 0n) warnings.push({ kind: 'miles-no-fuel', ...about, message: IFTA_WARNING_MESSAGES.milesNoFuel(truck, fromUnits(driven, 1)) });
    else if (driven > 0n) {
      const mpg = divideRounded(driven * 10_000n, bought);
      if (!plausible(mpg)) warnings.push({ kind: 'truck-mpg', ...about, message: IFTA_WARNING_MESSAGES.truckMpg(truck, fromUnits(mpg, 2)) });
    }
  }
  return warnings;
}
