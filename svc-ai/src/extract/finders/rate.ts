import { centsToMoney } from '@tms/contracts';
import { valuesBesideLabels } from '../stacked-labels.js';
import { labelPattern, RATE_LABELS } from '../vocabulary.js';
import type { Finder } from './finder.js';
import { lineStarts } from './text-positions.js';

/**
 * Amounts: '$5,025.00', 'USD 900', '2975.00 dollars'. Numbers are bounded (no rate has 13 digits) and start where a
 * number does, so a long run of digits or '1,000,000,...' is read once, not from each of its digits (quadratic).
 */
export const MONEY = /(?:\$|USD[^\S\n]?)[^\S\n]?(\d{1,3}(?:,\d{3}){1,3}|\d{1,12})(?:\.(\d{2}))?(?!\d)|(?<!\d,)\b(\d{1,3}(?:,\d{3}){1,3}|\d{1,12})\.(\d{2})[^\S\n]?(?:USD|dollars)\b/gi;
// 'pays $1,200' is a total too.
const MONEY_TOTAL = new RegExp(String.raw`${labelPattern(RATE_LABELS.total, { wordStart: true }).source}|\bpay(?:s|ing)?\s+\$`, 'i');
const MONEY_LINEHAUL = labelPattern(RATE_LABELS.lineHaul);
const MONEY_CHARGE = labelPattern(RATE_LABELS.charge, { wordStart: true });
const MONEY_PAY = /\b(?:rate|pay(?:s|ment)?|amount|freight\s+charges?|charges?|carrier\s+pay|compensation|price)\b/i;
const MONEY_IGNORED =
  /\b(?:insur\w*|liabilit\w*|coverage|cargo\s+value|declared|valuation|fines?|penalt\w*|claims?|deduct\w*|late|up\s+to|not\s+to\s+exceed|maximum|minimum|advance|cod|deposit|detention|layover|tonu|truck\s+order\s+not\s+used|lumper|reimburs\w*|per\s+(?:hour|hr|day|mile|stop)|mc[\s-]?\d|credit|invoice\s+total|fee\s+of|charged\s+back|chargeback|quick\s+pay|too\s+low|quote)/i;
/** An amount without a currency right after a label's colon ('TOTAL DUE: 1,100.00'): money only when a rate label says so. */
const LABELLED_AMOUNT = /(?<=:[^\S\n]{0,3})(?<![\d,.])(\d{1,3}(?:,\d{3}){1,3}|\d{1,12})\.(\d{2})(?![\d,]|\.\d)/g;
const PER_UNIT_AFTER = /^\s*(?:\/|per\s+)(?:hr|hour|h|day|mi|mile|stop|pallet|cwt|lb)\b/i;

/**
 * The rate: the largest total, else the linehaul with the charges beside it, else the first amount labelled as pay,
 * else the only amount; per-hour charges, insurance and other distracting amounts set aside.
 */
export const rateFinder: Finder = ({ text }) => {
  const rate = findRate(valuesBesideLabels(text));
  return rate ? { rate: { value: centsToMoney(rate.cents), confidence: rate.confidence } } : {};
};

interface Money {
  at: number;
  cents: bigint;
  label: string;
}

function findRate(text: string): { cents: bigint; confidence: number } | undefined {
  const amounts: Money[] = [];
  const lineStartOf = lineStarts(text);
  const written = [...text.matchAll(MONEY)].map((match) => ({ match, labelled: false }));
  const bare = [...text.matchAll(LABELLED_AMOUNT)].map((match) => ({ match, labelled: true }));
  for (const { match, labelled } of [...written, ...bare]) {
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
    if (labelled && ![MONEY_TOTAL, MONEY_LINEHAUL, MONEY_CHARGE].some((pattern) => pattern.test(label))) continue;
    amounts.push({ at: match.index, cents, label: `${label}${match[0]} ${afterPhrase}` });
  }
  // In text order: the linehaul taken is the first, the pay the first labelled.
  amounts.sort((a, b) => a.at - b.at);

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
