/** Signing in to a running TMS from a script (the demo data, the benchmarks), as a browser would. */

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
