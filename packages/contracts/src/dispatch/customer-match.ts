/**
 * Who sent a dropped document, matched to a customer (issue 47, point 7): by MC number when both have one, else by
 * name as people write it ('Summit Freight Brokerage, LLC' is 'SUMMIT FREIGHT BROKERAGE INC.'): case, punctuation
 * and the company's legal form do not count.
 */

/** Words of a company's name that say its legal form or are filler, not who it is. */
const LEGAL_FORM_WORDS = new Set(['llc', 'inc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'ltd', 'limited', 'lp', 'llp', 'pllc', 'plc', 'the']);

/** A name as it is compared: 'Summit Freight Brokerage, L.L.C.' → 'summit freight brokerage'; '' when nothing is left. */
export function customerNameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    // 'L.L.C.', "O'Neil": the dots and apostrophes within a word join it.
    .replace(/[.'\u2019]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((word) => word && !LEGAL_FORM_WORDS.has(word))
    .join(' ');
}

/** An MC number as it is compared: 'MC-0889123', 'MC# 889123' and '889123' are '889123'; '' for none. */
export function mcNumberKey(text: string | null | undefined): string {
  return (text ?? '')
    .replace(/^\s*mc\b/i, '')
    .replace(/\D/g, '')
    .replace(/^0+/, '');
}

export interface MatchableCustomer {
  id: string;
  name: string;
  mcNumber?: string | null;
}

/** What a document says of its sender, as far as matching goes. */
export interface DocumentSenderKeys {
  name?: string;
  mcNumber?: string;
}

/**
 * The customer the sender is: the one with its MC number, else the first (in the list's order) whose name is the
 * sender's as compared above; undefined when none is.
 */
export function matchCustomer<C extends MatchableCustomer>(customers: readonly C[], sender: DocumentSenderKeys | undefined): C | undefined {
  if (!sender) return undefined;
  const mc = mcNumberKey(sender.mcNumber);
  if (mc) {
    const byMc = customers.find((customer) => mcNumberKey(customer.mcNumber) === mc);
    if (byMc) return byMc;
  }
  const name = customerNameKey(sender.name ?? '');
  return name ? customers.find((customer) => customerNameKey(customer.name) === name) : undefined;
}
