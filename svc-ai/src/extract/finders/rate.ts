import { centsToMoney } from '@tms/contracts';
import type { Finder } from './finder.js';
import { lineStarts } from './text-positions.js';

/**
 * Amounts: '$5,025.00', 'USD 900', '2975.00 dollars'. Numbers are bounded (no rate has 13 digits) and start where a
 * number does, so a long run of digits or '1,000,000,...' is read once, not from each of its digits (quadratic).
 */
export const MONEY = /(?:\$|USD[^\S\n]?)[^\S\n]?(\d{1,3}(?:,\d{3}){1,3}|\d{1,12})(?:\.(\d{2}))?(?!\d)|(?<!\d,)\b(\d{1,3}(?:,\d{3}){1,3}|\d{1,12})\.(\d{2})[^\S\n]?(?:USD|dollars)\b/gi;
const MONEY_TOTAL = /\b(?:total|all[\s-]?in|grand\s+total|amount\s+due|agreed\s+(?:amount|rate)|flat\s+rate|total\s+(?:carrier\s+)?pay|total\s+rate|net\s+pay|pay(?:s|ing)?\s+\$)/i;
const MONEY_LINEHAUL = /\b(?:line[\s-]?haul|base\s+rate|freight\s+rate|flat)\b/i;
const MONEY_CHARGE = /\b(?:fuel|fsc|stop[\s-]?off|extra\s+stop|stop\s+charge|tarp|drop\s+fee|hazmat\s+fee|accessorial|team\s+fee)/i;
const MONEY_PAY = /\b(?:rate|pay(?:s|ment)?|amount|freight\s+charges?|charges?|carrier\s+pay|compensation|price)\b/i;
const MONEY_IGNORED =
  /\b(?:insur\w*|liabilit\w*|coverage|cargo\s+value|declared|valuation|fines?|penalt\w*|claims?|deduct\w*|late|up\s+to|not\s+to\s+exceed|maximum|minimum|advance|cod|deposit|detention|layover|tonu|truck\s+order\s+not\s+used|lumper|reimburs\w*|per\s+(?:hour|hr|day|mile|stop)|mc[\s-]?\d|credit|invoice\s+total|fee\s+of|charged\s+back|chargeback|quick\s+pay|too\s+low|quote)/i;
const PER_UNIT_AFTER = /^\s*(?:\/|per\s+)(?:hr|hour|h|day|mi|mile|stop|pallet|cwt|lb)\b/i;

/**
 * The rate: the largest total, else the linehaul with the charges beside it, else the first amount labelled as pay,
 * else the only amount; per-hour charges, insurance and other distracting amounts set aside.
 */
export const rateFinder: Finder = ({ text }) => {
  const rate = findRate(text);
  return rate ? { rate: { value: centsToMoney(rate.cents), confidence: rate.confidence } } : {};
};

interface Money {
  cents: bigint;
  label: string;
}

function findRate(text: string): { cents: bigint; confidence: number } | undefined {
  const amounts: Money[] = [];
  const lineStartOf = lineStarts(text);
  for (const match of text.matchAll(MONEY)) {
    const whole = (match[1] ?? match[3]).replace(/,/g, '');
    const cents = BigInt(whole) * 100n + BigInt(match[2] ?? match[4] ?? '0');
    // The label: the words since the previous amount or sentence, up to 60 characters.
    const start = Math.max(lineStartOf(match.index), match.index - 60);
    let label = text.slice(start, match.index);
    label = label.split(/\$\s?[\d,.]+|(?<!\.)[.;!?](?!\.)(?:\s+(?=[A-Z])|$)/).at(-1) ?? label;
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + 30).split('\n')[0];
    const afterPhrase = after.split(/[.;,(]/)[0];
    if (PER_UNIT_AFTER.test(after) || MONEY_IGNORED.test(label) || MONEY_IGNORED.test(afterPhrase)) continue;
    if (cents === 0n) continue;
    amounts.push({ cents, label: `${label}${match[0]} ${afterPhrase}` });
  }

  const totals = amounts.filter((amount) => MONEY_TOTAL.test(amount.label) && !/sub[\s-]?total/i.test(amount.label));
  if (totals.length) return { cents: totals.reduce((max, amount) => (amount.cents > max ? amount.cents : max), 0n), confidence: 0.95 };
  const linehaul = amounts.filter((amount) => MONEY_LINEHAUL.test(amount.label));
  if (linehaul.length) {
    const charges = amounts.filter((amount) => !MONEY_LINEHAUL.test(amount.label) && MONEY_CHARGE.test(amount.label));
    const cents = [linehaul[0], ...charges].reduce((sum, amount) => sum + amount.cents, 0n);
    return { cents, confidence: charges.length ? 0.8 : 0.75 };
  }
  const pay = amounts.filter((amount) => MONEY_PAY.test(amount.label));
  if (pay.length) return { cents: pay[0].cents, confidence: 0.7 };
  if (amounts.length === 1) return { cents: amounts[0].cents, confidence: 0.45 };
  return undefined;
}
