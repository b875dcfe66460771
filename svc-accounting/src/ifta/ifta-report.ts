import {
  divideRounded,
  fromUnits,
  IFTA_MESSAGES,
  MILLIMETERS_PER_MILE,
  OTHER_JURISDICTION,
  quarterDays,
  roundKeepingTotal,
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
 * hundredths, rates in ten-thousandths, tax in cents, from the figures the report shows (as a clerk checks them by
 * hand): fleet MPG = total miles / total gallons; a state's taxable gallons = its miles / fleet MPG; net taxable =
 * taxable − tax-paid; tax due = net taxable × rate (negative: a credit). Each column's lines are rounded together so
 * that they add up to the total shown (largest remainder: a line may be a unit off its own rounding, never more),
 * halves away from zero.
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

  const stateMiles = roundKeepingTotal(
    jurisdictions.map((jurisdiction) => (millimeters.get(jurisdiction) ?? 0n) * 10n),
    MM_PER_MILE,
  );
  const totalGallons = [...gallons.values()].reduce((sum, units) => sum + units, 0n);
  // Hundredths of a mile per gallon: tenths / thousandths × 10,000.
  const fleetMpg = totalGallons > 0n ? divideRounded(stateMiles.total * 10_000n, totalGallons) : null;
  // Thousandths of a gallon: tenths of a mile / hundredths of a mile per gallon × 10,000 (none without Diesel bought).
  const taxable =
    fleetMpg === null ? null : fleetMpg === 0n ? { parts: jurisdictions.map(() => 0n), total: 0n } : roundKeepingTotal(stateMiles.parts.map((tenths) => tenths * 10_000n), fleetMpg);
  const taxPaid = jurisdictions.map((jurisdiction) => gallons.get(jurisdiction) ?? 0n);
  const net = taxable?.parts.map((units, index) => units - taxPaid[index]) ?? null;
  const rate = jurisdictions.map((jurisdiction) => (jurisdiction === OTHER_JURISDICTION ? undefined : rateOf.get(jurisdiction)));
  const missingRates = jurisdictions.filter((jurisdiction, index): jurisdiction is UsStateCode => jurisdiction !== OTHER_JURISDICTION && rate[index] === undefined);
  // Cents: thousandths of a gallon × ten-thousandths of a dollar / 100,000, over the lines with a rate.
  const taxed = net === null ? [] : jurisdictions.map((_, index) => index).filter((index) => rate[index] !== undefined);
  const tax = roundKeepingTotal(
    taxed.map((index) => net![index] * toUnits(rate[index]!, 4)),
    100_000n,
  );
  const taxDue = new Map(taxed.map((index, position) => [index, tax.parts[position]]));

  const rows = jurisdictions.map((jurisdiction, index): IftaJurisdictionRow => {
    const milesText = fromUnits(stateMiles.parts[index], 1);
    const due = taxDue.get(index);
    return {
      jurisdiction,
      miles: milesText,
      taxableMiles: milesText,
      taxableGallons: taxable === null ? null : fromUnits(taxable.parts[index], 3),
      taxPaidGallons: fromUnits(taxPaid[index], 3),
      netTaxableGallons: net === null ? null : fromUnits(net[index], 3),
      rate: rate[index] ?? null,
      taxDue: due === undefined ? null : fromUnits(due, 2),
    };
  });
  return {
    year: query.year,
    quarter: query.quarter,
    truckId: query.truckId ?? null,
    ...quarterDays(query),
    totalMiles: fromUnits(stateMiles.total, 1),
    totalTaxableMiles: fromUnits(stateMiles.total, 1),
    totalGallons: fromUnits(totalGallons, 3),
    fleetMpg: fleetMpg === null ? null : fromUnits(fleetMpg, 2),
    totalTaxableGallons: taxable === null ? null : fromUnits(taxable.total, 3),
    totalNetTaxableGallons: net === null ? null : fromUnits(net.reduce((sum, units) => sum + units, 0n), 3),
    jurisdictions: rows,
    totalTaxDue: fromUnits(tax.total, 2),
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
