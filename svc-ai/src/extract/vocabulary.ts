/**
 * The words freight documents label their fields with, from the documents' own standards rather than from our
 * samples: the VICS and NMFC bills of lading ('Bill of Lading Number', 'B/L No.', 'Shipper's No.', 'Carrier's No.',
 * 'PRO'), rate confirmations and load tenders (load, order, confirmation, reference and trip numbers; line haul,
 * all-in and total rates; origin / shipper / pick-up and destination / consignee / drop). The X12 204's segments
 * are read as data in edi-204.ts. Written once here; the finders build their patterns from it (`labelPattern`).
 * A phrase is written as a document writes it: a space or hyphen in it also matches none ('pick-up', 'pick up',
 * 'pickup'), and a phrase matches only whole words.
 */

/** How a label and its value stand in a line. */
export type LabelForm =
  /** With a word that says 'number' ('Load No.', 'Trip #', 'B/L No. 77', 'Order Number: 12'). */
  | 'numbered'
  /** With a colon or '#', the 'number' word optional ('Trip: RL-5', 'BOL# 9', 'PRO Number: 7'). */
  | 'colon'
  /** Followed by the value after spaces alone ('Shipment GSB-77120', 'Load 44871'): a value with a digit. */
  | 'spaced'
  /** Followed on its line, past a gap of two spaces or more, by the value (a form's box: 'Reference   KAT-91034'). */
  | 'beside';

export interface LoadNumberLabel {
  phrases: readonly string[];
  form: LabelForm;
  confidence: number;
}

/** Words that say 'number' after a label. */
export const NUMBER_WORDS = ['number', 'num', 'no.', 'no', '#', 'id'] as const;

/**
 * The load number's labels, tried in this order (the first with a value that has a digit wins): the load's own
 * number first, then the bill of lading's, the carrier's PRO, the broker's order and reference, the shipper's and
 * carrier's numbers of a bill of lading, and a purchase order last.
 */
export const LOAD_NUMBER_LABELS: readonly LoadNumberLabel[] = [
  { phrases: ['load', 'shipment', 'trip', 'tender', 'confirmation', 'conf', 'booking', 'agreement', 'contract', 'dispatch', 'manifest'], form: 'numbered', confidence: 0.95 },
  { phrases: ['load', 'shipment', 'trip', 'tender', 'confirmation', 'booking', 'manifest'], form: 'colon', confidence: 0.9 },
  { phrases: ['bill of lading', 'b/l', 'bol', 'bl'], form: 'colon', confidence: 0.9 },
  { phrases: ['bill of lading', 'b/l', 'bol'], form: 'numbered', confidence: 0.9 },
  { phrases: ['pro'], form: 'colon', confidence: 0.85 },
  { phrases: ['pro'], form: 'spaced', confidence: 0.8 },
  { phrases: ['order', 'reference', 'ref'], form: 'numbered', confidence: 0.7 },
  { phrases: ["shipper's", "carrier's", 'shippers', 'carriers'], form: 'numbered', confidence: 0.6 },
  { phrases: ['load', 'shipment', 'trip', 'tender', 'order', 'order tender', 'load tender'], form: 'spaced', confidence: 0.85 },
  { phrases: ['reference', 'ref'], form: 'beside', confidence: 0.7 },
  { phrases: ['po', 'purchase order', 'customer order'], form: 'colon', confidence: 0.5 },
];

/** The rate's labels: the total the carrier is paid, the line haul it is made of, and the charges added to it. */
export const RATE_LABELS = {
  total: ['total', 'totals', 'all-in', 'grand total', 'amount due', 'total due', 'balance due', 'agreed amount', 'agreed rate', 'flat rate', 'total carrier pay', 'total pay', 'total rate', 'total charges', 'net pay'],
  lineHaul: ['line haul', 'base rate', 'freight rate', 'flat'],
  charge: ['fuel', 'fuel surcharge', 'fsc', 'stop-off', 'extra stop', 'stop charge', 'tarp', 'tarps', 'drop fee', 'hazmat fee', 'accessorial', 'accessorials', 'team fee'],
} as const;

/**
 * The words that open a stop's block: where the freight is picked up (origin, shipper, pick-up) and where it is
 * dropped (destination, consignee, drop). A date or place belongs to the block it stands in.
 */
export const STOP_ROLE_LABELS = {
  pickup: ['pick-up', 'pick-ups', 'picks up', 'picked up', 'p/u', 'origin', 'ship from', 'shipping from', 'shipper', 'consignor', 'loading at', 'loading location', 'loading site', 'loading facility', 'load at', 'collection at', 'collect at', 'collection from', 'collect from'],
  delivery: ['deliver', 'delivers', 'delivery', 'deliveries', 'delivered', 'drop', 'drop-off', 'destination', 'dest', 'dest.', 'ship to', 'consignee', 'consigned to', 'receiver', 'unload', 'unloading', 'unload at', 'unloading at', 'unloading location', 'unloading site', 'final stop'],
} as const;

/** The labels of a stop's date: when the freight is ready or shipped, and when it is due. */
export const DATE_LABELS = {
  pickup: ['ship date', 'shipping date', 'date shipped', 'pick-up date', 'pick-up appt', 'pick-up appointment', 'pick-up on', 'pick-up window', 'p/u date', 'pu date', 'load date', 'loading date', 'ready date', 'available', 'ship not before', 'earliest pick'],
  delivery: ['due date', 'delivery date', 'deliver date', 'deliver by', 'delivery by', 'delivery appt', 'deliver appt', 'delivery appointment', 'deliver appointment', 'deliver on', 'delivery on', 'delivery window', 'deliver window', 'must deliver', 'no later than', 'deliver not later', 'required delivery', 'eta', 'arrival date', 'drop date', 'del date'],
} as const;

/** The weight's labels; a gross, total or scale weight is the shipment's. */
export const WEIGHT_LABELS = ['gross weight', 'total weight', 'scale weight', 'gross lbs', 'gross lb', 'gross pounds', 'total lbs', 'total lb', 'total pounds', 'net lbs', 'net lb', 'net pounds', 'scale lbs', 'scale lb', 'scale pounds', 'weight', 'wgt', 'wt'] as const;

/** The commodity's labels: a bill of lading's description of articles, a rate confirmation's commodity or product. */
export const COMMODITY_LABELS = ['commodity', 'commodities', 'description of goods', 'description of articles', 'description of commodity', 'freight description', 'lading description', 'description', 'product', 'goods', 'cargo', 'material', 'contents'] as const;

/** Column heads that stand beside a commodity's label in a table's head, never a commodity themselves. */
export const ITEM_COLUMN_HEADS = ['ltl only', 'nmfc', 'nmfc #', 'class', 'hm', 'h.m.', 'weight', 'qty', 'pieces', 'pcs', 'type', 'package', 'handling unit'] as const;

/** The kinds of package a bill of lading counts (VICS 'Package type', NMFC 'Kind of packaging'), and their plurals. */
export const PACKAGE_TYPES = ['pallet', 'pallets', 'plt', 'plts', 'skid', 'skids', 'carton', 'cartons', 'ctn', 'ctns', 'case', 'cases', 'box', 'boxes', 'bag', 'bags', 'drum', 'drums', 'crate', 'crates', 'tote', 'totes', 'bundle', 'bundles', 'roll', 'rolls', 'piece', 'pieces', 'pcs', 'pkg', 'pkgs', 'units'] as const;

/**
 * A case-insensitive pattern of a phrase list (longest first, so 'total rate' is tried before 'total'), whole
 * words only, or with `wordStart` any word that starts with one ('Totals', 'Tarps'); a space or hyphen in a phrase
 * also matches none. `flags` adds to 'i'.
 */
export function labelPattern(phrases: readonly string[], { flags = '', wordStart = false } = {}): RegExp {
  return new RegExp(`(?<![A-Za-z0-9])(?:${phraseSource(phrases)})${wordStart ? '' : '(?![A-Za-z0-9])'}`, `i${flags}`);
}

/** The alternation of a phrase list as pattern source: escaped, longest first, spaces and hyphens loose. */
export function phraseSource(phrases: readonly string[]): string {
  return [...phrases]
    .sort((a, b) => b.length - a.length)
    .map((phrase) =>
      phrase
        .split(/[ -]/)
        .map((word) => word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
        .join('(?:[^\\S\\n]+|-)?'),
    )
    .join('|');
}
