/**
 * A tiny HTTP "browser" for the tests: a cookie jar (name, value, path, expiry) and manual redirects, so every
 * hop of the sign-in flow can be looked at.
 */
interface Cookie {
  value: string;
  path: string;
  expires?: number;
  attributes: string[];
}

export interface Hop {
  url: string;
  status: number;
  location: string | null;
  setCookies: string[];
}

export class Browser {
  private readonly cookies = new Map<string, Cookie>();
  readonly hops: Hop[] = [];

  constructor(private readonly origin: string) {}

  cookie(name: string): Cookie | undefined {
    const cookie = this.cookies.get(name);
    return cookie && (cookie.expires === undefined || cookie.expires > Date.now()) ? cookie : undefined;
  }

  /** Sends one request with the jar's cookies (no redirect following). */
  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url, this.origin);
    const headers = new Headers(init.headers);
    const cookieHeader = [...this.cookies.entries()]
      .filter(([name, cookie]) => this.cookie(name) && target.pathname.startsWith(cookie.path))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
    if (cookieHeader) headers.set('cookie', cookieHeader);
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) this.store(line);
    this.hops.push({ url: target.href, status: response.status, location: response.headers.get('location'), setCookies });
    return response;
  }

  /** Follows redirects like a browser (303 and 302 after POST become GET). */
  async navigate(url: string, init: RequestInit = {}): Promise<Response> {
    let current = new URL(url, this.origin).href;
    let request = init;
    for (let hop = 0; hop < 15; hop++) {
      const response = await this.request(current, request);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return response;
      await response.arrayBuffer();
      current = new URL(location, current).href;
      request = {};
    }
    throw new Error('Too many redirects');
  }

  private store(line: string) {
    const [pair, ...attributes] = line.split(';').map((part) => part.trim());
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator);
    const cookie: Cookie = { value: pair.slice(separator + 1), path: '/', attributes };
    for (const attribute of attributes) {
      const [key, value = ''] = attribute.split('=');
      if (/^path$/i.test(key)) cookie.path = value;
      if (/^expires$/i.test(key)) cookie.expires = Date.parse(value);
      if (/^max-age$/i.test(key)) cookie.expires = Date.now() + Number(value) * 1000;
    }
    if (cookie.value === '' || (cookie.expires !== undefined && cookie.expires <= Date.now())) this.cookies.delete(name);
    else this.cookies.set(name, cookie);
  }
}

/** The session id inside an express-session cookie value (`s:<sid>.<signature>`, URL-encoded). */
export const sessionId = (cookieValue: string | undefined) =>
  cookieValue ? decodeURIComponent(cookieValue).replace(/^s:/, '').replace(/\.[^.]*$/, '') : undefined;
