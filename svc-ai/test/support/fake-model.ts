import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ModelRequest {
  body: {
    model: string;
    messages: { role: string; content: string }[];
    response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: { properties: Record<string, unknown>; required: string[] } } };
  };
  authorization?: string;
}

/**
 * A local OpenAI-compatible server (POST /v1/chat/completions) for the tests: it records each request and answers
 * what `answer` gives: a message content, an HTTP status to fail with, or 'hang' to never answer.
 */
export async function startFakeModel(answer: (request: ModelRequest) => string | number | 'hang') {
  const requests: ModelRequest[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const request: ModelRequest = { body: JSON.parse(raw || '{}'), authorization: req.headers.authorization };
      requests.push(request);
      const reply = answer(request);
      if (reply === 'hang') return;
      if (typeof reply === 'number') {
        res.writeHead(reply, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'failed' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion',
          created: 0,
          model: request.body.model,
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: reply, refusal: null } }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
