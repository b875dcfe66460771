/**
 * Money travels as text ('1234.50': Postgres numeric(10,2) as the API carries it) and is added up as whole cents
 * in BigInt, so a total is exact to the cent over any number of amounts. Never add amounts as JavaScript numbers:
 * 0.1 + 0.2 is not 0.3.
 */

/** An optional minus, digits, and at most two decimals: '1234.5', '.50', '-12', '1500.00'. */
const MONEY_TEXT = /^(-?)(\d*)(?:\.(\d{0,2}))?$/;

/** The cents of an amount, or undefined for text that is not one ('1e3', '12.345', '$5', '1,200'). */
export function parseCents(amount: string): bigint | undefined {
  const [, sign, whole, fraction = ''] = MONEY_TEXT.exec(amount) ?? [];
  if (whole === undefined || !(whole + fraction)) return undefined;
  const cents = BigInt(whole || '0') * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign ? -cents : cents;
}

/** Cents as the API writes an amount: '1234.50', '-0.05', '0.00'. */
export function centsToMoney(cents: bigint): string {
  const magnitude = cents < 0n ? -cents : cents;
  const sign = cents < 0n ? '-' : '';
  return `${sign}${magnitude / 100n}.${String(magnitude % 100n).padStart(2, '0')}`;
}

function centsOf(amount: string): bigint {
  const cents = parseCents(amount);
  if (cents === undefined) throw new RangeError(`Not an amount of money: ${JSON.stringify(amount)}`);
  return cents;
}

/** The exact sum of amounts as text ('0.00' for none); throws a RangeError on text that is not an amount. */
export function sumMoney(amounts: Iterable<string>): string {
  let total = 0n;
  for (const amount of amounts) total += centsOf(amount);
  return centsToMoney(total);
}

/** An amount in dollars as the screens show it: '1234.5' → '$1,234.50', '-12' → '-$12.00'. */
export function formatDollars(amount: string): string {
  const cents = centsOf(amount);
  const [whole, fraction] = centsToMoney(cents < 0n ? -cents : cents).split('.');
  return `${cents < 0n ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${fraction}`;
}
