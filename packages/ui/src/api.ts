/**
 * The one way front ends call /api: cookies always sent, JSON in and out, and any non-OK answer turned into an
 * ApiError whose message is 'status: body text' (or the status text when the body is empty), as spec section 8 says.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`${status}: ${body}`);
    this.name = 'ApiError';
  }

  /** What the server said in its answer ({ message }: 'Load not found', 'already invoiced'), if it said anything. */
  get reason(): string | undefined {
    try {
      const { message } = JSON.parse(this.body) as { message?: unknown };
      return typeof message === 'string' && message ? message : undefined;
    } catch {
      return undefined;
    }
  }

  /** Why the server refused a change that conflicts with other records (409), in its own words. */
  get conflictReason(): string | undefined {
    return this.status === 409 ? this.reason : undefined;
  }

  /** Field → messages when the server refused the input (400) or a unique value (409). */
  get fieldIssues(): Record<string, string[]> {
    try {
      const parsed = JSON.parse(this.body) as { issues?: Record<string, string[]> };
      return parsed.issues ?? {};
    } catch {
      return {};
    }
  }
}

export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const text = await response.text();
    throw new ApiError(response.status, text || response.statusText);
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * A key for one create (the server makes one record however often it receives it: a double click, a retry). Made
 * once per dialog opening. crypto.randomUUID needs a secure context; an app served over plain http gets the same 122
 * random bits from getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export const api = {
  get: <T>(url: string) => apiRequest<T>('GET', url),
  post: <T>(url: string, body: unknown, headers?: Record<string, string>) => apiRequest<T>('POST', url, body, headers),
  put: <T>(url: string, body: unknown) => apiRequest<T>('PUT', url, body),
  patch: <T>(url: string, body: unknown) => apiRequest<T>('PATCH', url, body),
  delete: <T = void>(url: string) => apiRequest<T>('DELETE', url),
};
