/** What the API benchmarks share: signing in as a browser would, and one autocannon scenario printed as a line. */
import autocannon from 'autocannon';

/** Signs in through the development issuer with a minimal cookie jar, as a browser would; returns the cookies. */
export async function signIn(baseUrl, email) {
  const jar = new Map();
  const send = async (url, init = {}) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(new URL(url, baseUrl), { ...init, redirect: 'manual', headers: { ...init.headers, cookie } });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const separator = pair.indexOf('=');
      jar.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
    return response;
  };
  const follow = async (url, init) => {
    let response = await send(url, init);
    while (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get('location'), new URL(url, baseUrl)).href;
      response = await send(url);
    }
    return response;
  };
  const page = await follow('/api/login');
  const action = /<form method="post" action="([^"]+)">/.exec(await page.text())?.[1];
  if (!action) throw new Error('The development sign-in page has no form');
  await follow(new URL(action, page.url || baseUrl).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email }).toString(),
  });
  if (!jar.has('tms.sid')) throw new Error('Signing in gave no session cookie');
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/**
 * Runs one scenario and prints its figures. `body`, when given, makes each request's body (a fresh one each time);
 * the first failed answer is printed, so a failing scenario says why.
 */
export function measure(title, { url, method = 'GET', headers, body, connections = 10, seconds = 10 }) {
  let firstFailure;
  const request = {
    method,
    ...(body && { setupRequest: (raw) => ({ ...raw, body: body() }) }),
    onResponse: (status, responseBody) => {
      if (status >= 400 && !firstFailure) firstFailure = `${status} ${responseBody.slice(0, 200)}`;
    },
  };
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections, duration: seconds, requests: [request] }, (error, result) => {
      if (error) return reject(error);
      const failed = result.non2xx + result.errors + result.timeouts;
      console.log(
        `${title.padEnd(34)} ${String(Math.round(result.requests.average)).padStart(6)} req/s   ` +
          `latency p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  max ${result.latency.max} ms   ` +
          `${result.requests.total} requests, ${failed} failed${firstFailure ? ` (first: ${firstFailure})` : ''}`,
      );
      resolve(result);
    });
  });
}
