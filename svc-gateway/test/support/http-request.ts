import http from 'node:http';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  data: Buffer;
  json: any;
}

/**
 * One request to the system at `url`, from its own origin, with `cookie` when signed in, on a connection of its own
 * (node:http, no keep-alive: a reused connection the server closes as idle while a large body is being written would
 * fail for a reason no browser shows); the body as bytes and, when it is JSON, parsed.
 */
export function httpRequest(url: string, cookie: string | undefined, method: string, path: string, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const sent = http.request(
      `${url}${path}`,
      {
        method,
        agent: false,
        headers: {
          origin: url,
          ...(cookie ? { cookie } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.byteLength } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const data = Buffer.concat(chunks);
          const isJson = /json/.test(response.headers['content-type'] ?? '') && data.length > 0;
          resolve({ status: response.statusCode!, headers: response.headers, data, json: isJson ? JSON.parse(data.toString('utf8')) : undefined });
        });
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(payload);
  });
}
