import { HttpException } from '@nestjs/common';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_MESSAGES, idempotencyKeyOf } from '@tms/contracts';

/**
 * A create's Idempotency-Key header, checked: none (undefined), or the key; one that is not a key is a 400 under the
 * header. The same create sent again with its key answers the first's record (service-kit: CrudService.once).
 */
export function checkedIdempotencyKey(header: unknown): string | undefined {
  const key = idempotencyKeyOf(header);
  if (typeof key === 'object') throw new HttpException({ message: IDEMPOTENCY_MESSAGES.invalid, issues: { [IDEMPOTENCY_KEY_HEADER]: [IDEMPOTENCY_MESSAGES.invalid] } }, 400);
  return key;
}
