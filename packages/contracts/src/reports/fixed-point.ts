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
