/**
 * One create, however often it reaches the server (a double click, a retried request): the client sends a key made
 * once per dialog opening with its create, and the owner answers a second create with the same key with the
 * first's record, writing nothing. HTTP and NATS carry it in a header of this name.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** A key as clients make them (a UUID) or any other short token: letters, digits, '-' and '_'. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** How long a key answers with its record; after that it may make a new one. */
export const IDEMPOTENCY_KEY_HOURS = 24;

export const IDEMPOTENCY_MESSAGES = {
  invalid: 'Idempotency-Key must be 8 to 100 letters, digits, - or _',
  reused: 'This Idempotency-Key was already used for a different request. Send the same request, or a new key.',
  /** The key's record was deleted since: the key made its record, and makes no other. */
  recordDeleted: 'This Idempotency-Key was already used, for a record that has since been deleted. Send a new key to create it again.',
} as const;

/** The header's value as a key, undefined when there is none; an invalid one is refused (IDEMPOTENCY_MESSAGES.invalid). */
export function idempotencyKeyOf(value: unknown): string | undefined | { invalid: true } {
  if (value === undefined || value === null || value === '') return undefined;
  return typeof value === 'string' && IDEMPOTENCY_KEY_PATTERN.test(value) ? value : { invalid: true };
}
