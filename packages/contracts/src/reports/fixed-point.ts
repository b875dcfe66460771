/**
 * Exact decimals as whole numbers of their smallest unit (BigInt), for the quantities that are not money (gallons
 * to 0.001, miles to 0.1, rates to 0.0001): IFTA's sums and products never pass through floating point. Money's
 * own helpers are money.ts.
 */

/** The text ('12.5', '-0.125', '3') as a whole number of 10^-scale units; a RangeError for more decimals or no number. */
export function toUnits(text: string, scale: number): bigint {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!match || !(match[2] + (match[3] ?? '')) || (match[3] ?? '').length > scale) throw new RangeError(`Not a number with at most ${scale} decimals: ${JSON.stringify(text)}`);
  const units = BigInt(match[2] || '0') * 10n ** BigInt(scale) + BigInt((match[3] ?? '').padEnd(scale, '0') || '0');
  return match[1] ? -units : units;
}

/** Units of 10^-scale as text with `scale` decimals: (12345n, 3) → '12.345'. */
export function fromUnits(units: bigint, scale: number): string {
  const magnitude = units < 0n ? -units : units;
  const base = 10n ** BigInt(scale);
  const whole = `${units < 0n ? '-' : ''}${magnitude / base}`;
  return scale ? `${whole}.${String(magnitude % base).padStart(scale, '0')}` : whole;
}

/** numerator / denominator rounded to the nearest whole number, halves away from zero (a credit rounds as a debt does). */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const [n, d] = [numerator < 0n ? -numerator : numerator, denominator < 0n ? -denominator : denominator];
  const quotient = (2n * n + d) / (2n * d);
  return negative ? -quotient : quotient;
}

/** numerator / denominator rounded down (towards minus infinity); the denominator is positive. */
function floorDivide(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  return numerator % denominator < 0n ? quotient - 1n : quotient;
}

/**
 * Parts numerators[i] / denominator rounded to whole units so that they add up to their total as rounded (halves away
 * from zero): largest remainder. Each part is first rounded down, then the units still missing from the total go one
 * each to the parts that lost the most (the earlier in the list on a tie), so no part is a whole unit off its exact
 * value. A return's lines then sum to the total it shows, where rounding each alone can leave it a unit or more apart.
 */
export function roundKeepingTotal(numerators: readonly bigint[], denominator: bigint): { parts: bigint[]; total: bigint } {
  if (denominator <= 0n) throw new RangeError('The denominator must be positive');
  const total = divideRounded(numerators.reduce((sum, numerator) => sum + numerator, 0n), denominator);
  const parts = numerators.map((numerator) => floorDivide(numerator, denominator));
  let missing = total - parts.reduce((sum, part) => sum + part, 0n);
  const byRemainder = numerators
    .map((numerator, index) => ({ index, remainder: numerator - parts[index] * denominator }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (missing <= 0n) break;
    parts[index] += 1n;
    missing -= 1n;
  }
  return { parts, total };
}
