/**
 * The driver app's constants and words (issue 44), with no schema: the phone's bundle imports this file alone
 * (`@tms/contracts/driver-app`), not the contracts' zod schemas, to stay within its first-visit budget.
 */

/** How long a pairing link works, and the bytes of a link code and of a phone's token (at least 128 bits each). */
export const PAIRING_LINK_MINUTES = 15;
export const DRIVER_TOKEN_BYTES = 32;

/** The words the driver app shows, word for word as the issue has them. */
export const DRIVER_APP_MESSAGES = {
  linkExpired: 'This link has expired. Ask dispatch for a new one.',
  unpaired: 'This phone is no longer paired',
  notFound: 'Not found',
  notYourStop: 'Stop not found',
} as const;

/** The driver API's paths, on the driver origin only; a pairing link is the app's page with `#pair={code}`. */
export const DRIVER_API = '/api/driver';
export const PAIRING_FRAGMENT = 'pair=';

/** `{root}.core.driver-app.{action}`: what the gateway asks svc-core for the driver API and for staff. */
export const DRIVER_APP_RESOURCE = 'driver-app';
export const DRIVER_APP_ACTIONS = {
  link: 'link',
  unpair: 'unpair',
  pair: 'pair',
  me: 'me',
  loads: 'loads',
  load: 'load',
  stamp: 'stamp',
  document: 'document',
  message: 'message',
} as const;

/** A load's messages (issue 44, point 5): who writes them, and how long one may be. */
export const LOAD_MESSAGE_AUTHORS = ['driver', 'dispatch'] as const;
export type LoadMessageAuthor = (typeof LOAD_MESSAGE_AUTHORS)[number];
export const LOAD_MESSAGE_MAX_LENGTH = 1000;

/** Scan Document's types, as the driver picks them, and the load document type each is kept as. */
export const DRIVER_DOCUMENT_TYPES = [
  { label: 'BOL', documentType: 'Bill of Lading' },
  { label: 'POD', documentType: 'Proof of Delivery' },
  { label: 'Lumper Receipt', documentType: 'Lumper Receipt' },
  { label: 'Scale Ticket', documentType: 'Scale Ticket' },
  { label: 'Other', documentType: 'Other' },
] as const;

/** A scanned page's long side at most (pixels), so a page is legible and a document small enough to send on one bar. */
export const SCAN_MAX_SIDE_PX = 1600;

export const STOP_STAMP_KINDS = ['arrived', 'departed'] as const;
export type StopStampKind = (typeof STOP_STAMP_KINDS)[number];
