import { PassThrough } from 'node:stream';
import { Logger } from '@nestjs/common';
import { SettingError } from '../config.js';
import { logsAsJson, partLogger, PinoNestLogger } from './logging.js';
import { outcomeOf } from './observed-requests.js';
import { inRequest, requestIdFrom } from './request-id.js';

/** A Nest logger writing the part's lines into memory, as they would reach stdout. */
function capture(env: Record<string, string | undefined>) {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const nest = new PinoNestLogger(partLogger('svc-core', env, out));
  return { nest, lines: () => text.split('\n').filter(Boolean) };
}

describe('part logs', () => {
  it('are JSON lines in production or with LOG_FORMAT=json, readable text otherwise', () => {
    expect(logsAsJson({ NODE_ENV: 'production' })).toBe(true);
    expect(logsAsJson({ LOG_FORMAT: 'json' })).toBe(true);
    expect(logsAsJson({ NODE_ENV: 'production', LOG_FORMAT: 'text' })).toBe(false);
    expect(logsAsJson({})).toBe(false);
  });

  it('write level, time, part, the logger\'s name, the message and the request id, as Nest\'s loggers call them', () => {
    const { nest, lines } = capture({ LOG_FORMAT: 'json' });
    Logger.overrideLogger(nest);
    try {
      new Logger('Trucks').log('listed');
      inRequest('abc-123', () => new Logger('Trucks').warn('slow'));
      new Logger('Trucks').error('failed', 'Error: boom\n    at x');
      new Logger('Trucks').debug('not at info');
    } finally {
      Logger.overrideLogger(false);
    }
    const entries = lines().map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toEqual([
      { level: 'info', time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), part: 'svc-core', context: 'Trucks', msg: 'listed' },
      { level: 'warn', time: expect.any(String), part: 'svc-core', reqId: 'abc-123', context: 'Trucks', msg: 'slow' },
      { level: 'error', time: expect.any(String), part: 'svc-core', context: 'Trucks', stack: 'Error: boom\n    at x', msg: 'failed' },
    ]);
  });

  it('take LOG_LEVEL, and stop the start on a level that does not exist', () => {
    const { nest, lines } = capture({ LOG_FORMAT: 'json', LOG_LEVEL: 'debug' });
    nest.debug('shown', 'Trucks');
    expect(lines()).toHaveLength(1);
    expect(() => partLogger('svc-core', { LOG_LEVEL: 'verbose' })).toThrow(new SettingError('LOG_LEVEL must be one of trace, debug, info, warn, error, fatal (got "verbose").'));
  });

  it('as text, still name the logger and the request', () => {
    const { nest, lines } = capture({ LOG_FORMAT: 'text' });
    inRequest('abc-123', () => nest.log('listed', 'Trucks'));
    expect(lines()).toEqual([expect.stringMatching(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: Trucks: listed \{"reqId":"abc-123"\}$/)]);
  });
});

describe('request ids', () => {
  it('keep a caller\'s id a log may carry as it is, and replace any other with a new one', () => {
    expect(requestIdFrom('abc-123')).toBe('abc-123');
    for (const unsafe of ['x" injected="1', 'two words', 'a'.repeat(129), '', ['a', 'b'], undefined]) {
      expect(requestIdFrom(unsafe)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });
});

describe('a NATS answer\'s outcome', () => {
  it('is ok, the answer\'s error code, or failed for a handler that threw', () => {
    expect(outcomeOf({ response: { ok: true, data: {} } })).toBe('ok');
    expect(outcomeOf({ response: { ok: false, error: { code: 'not_found', message: 'Load not found' } } })).toBe('not_found');
    expect(outcomeOf({ err: { status: 'error', message: 'Internal server error' } })).toBe('failed');
    expect(outcomeOf({ response: [{ id: 'a page of rows' }] })).toBe('ok');
  });
});
