import {
  divideRounded,
  fromUnits,
  IFTA_MESSAGES,
  MILLIMETERS_PER_MILE,
  OTHER_JURISDICTION,
  quarterDays,
  toUnits,
  type IftaFuel,
  type IftaJurisdiction,
  type IftaJurisdictionRow,
  type IftaMiles,
  type IftaRates,
  type IftaReport,
  type IftaReportQuery,
  type IftaTruckName,
  type UsStateCode,
} from '@tms/contracts';

const MM_PER_MILE = BigInt(MILLIMETERS_PER_MILE);
/** Millimeters as tenths of a mile, rounded half up. */
export const tenthsOfMile = (millimeters: bigint) => divideRounded(millimeters * 10n, MM_PER_MILE);

/**
 * The IFTA return of a quarter, composed exactly in whole units: miles in tenths, gallons in thousandths, MPG in
 * hundredths, rates in ten-thousandths, tax in cents, each rounded half away from zero once, from the figures the
 * report shows (as a clerk checks them by hand): fleet MPG = total miles / total gallons; a state's taxable gallons =
 * its miles / fleet MPG; net taxable = taxable − tax-paid; tax due = net taxable × rate (negative: a credit).
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
  const totalMiles = tenthsOfMile([...millimeters.values()].reduce((sum, mm) => sum + mm, 0n));
  const totalGallons = [...gallons.values()].reduce((sum, units) => sum + units, 0n);
  // Hundredths of a mile per gallon: tenths / thousandths × 10,000.
  const fleetMpg = totalGallons > 0n ? divideRounded(totalMiles * 10_000n, totalGallons) : null;
  const order = (code: IftaJurisdiction) => (code === OTHER_JURISDICTION ? `~${code}` : code);
  const jurisdictions = [...new Set([...millimeters.keys(), ...gallons.keys()])].sort((a, b) => (order(a) < order(b) ? -1 : 1));
  const missingRates: UsStateCode[] = [];
  let totalTaxDue = 0n;
  const rows = jurisdictions.map((jurisdiction): IftaJurisdictionRow => {
    const stateMiles = tenthsOfMile(millimeters.get(jurisdiction) ?? 0n);
    const taxPaid = gallons.get(jurisdiction) ?? 0n;
    // Thousandths of a gallon: tenths of a mile / hundredths of a mile per gallon × 10,000.
    const taxable = fleetMpg === null ? null : fleetMpg === 0n ? 0n : divideRounded(stateMiles * 10_000n, fleetMpg);
    const net = taxable === null ? null : taxable - taxPaid;
    const rate = jurisdiction === OTHER_JURISDICTION ? undefined : rateOf.get(jurisdiction);
    if (jurisdiction !== OTHER_JURISDICTION && rate === undefined) missingRates.push(jurisdiction);
    // Cents: thousandths of a gallon × ten-thousandths of a dollar / 100,000.
    const taxDue = net === null || rate === undefined ? null : divideRounded(net * toUnits(rate, 4), 100_000n);
    if (taxDue !== null) totalTaxDue += taxDue;
    const milesText = fromUnits(stateMiles, 1);
    return {
      jurisdiction,
      miles: milesText,
      taxableMiles: milesText,
      taxableGallons: taxable === null ? null : fromUnits(taxable, 3),
      taxPaidGallons: fromUnits(taxPaid, 3),
      netTaxableGallons: net === null ? null : fromUnits(net, 3),
      rate: rate ?? null,
      taxDue: taxDue === null ? null : fromUnits(taxDue, 2),
    };
  });
  return {
    year: query.year,
    quarter: query.quarter,
    truckId: query.truckId ?? null,
    ...quarterDays(query),
    totalMiles: fromUnits(totalMiles, 1),
    totalGallons: fromUnits(totalGallons, 3),
    fleetMpg: fleetMpg === null ? null : fromUnits(fleetMpg, 2),
    jurisdictions: rows,
    totalTaxDue: fromUnits(totalTaxDue, 2),
    missingRates,
    gaps: miles.gaps.map((gap) => ({
      truckId: gap.truckId,
      truckNumber: trucks.get(gap.truckId)?.truckNumber ?? null,
      from: gap.from,
      to: gap.to,
      miles: fromUnits(tenthsOfMile(BigInt(gap.millimeters)), 1),
      reason: gap.reason,
    })),
    gapCount: miles.gapCount,
    problems: fuel.problems.map((problem) => ({
      kind: 'fuel-location',
      ...problem,
      truckNumber: trucks.get(problem.truckId)?.truckNumber ?? null,
      message: IFTA_MESSAGES.unreadableLocation(problem.location),
    })),
  };
}
