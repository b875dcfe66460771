import { ApiError } from '@tms/ui';

/** What the server said when it refused a request ({ message }: 'Load not found', 'already invoiced'), for a toast's second line. */
export function refusalReason(error: unknown): string | undefined {
  return error instanceof ApiError && error.status < 500 ? error.reason : undefined;
}
