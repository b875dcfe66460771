import { ApiError } from '@tms/ui';

/** What the server said when it refused a request ({ message }: 'Load not found', 'already invoiced'), for a toast's second line. */
export function refusalReason(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status >= 500) return undefined;
  try {
    const { message } = JSON.parse(error.body) as { message?: unknown };
    return typeof message === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}
