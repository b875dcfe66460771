import { INVALID_INPUT, RPC_ERROR_CODES, SOMETHING_WENT_WRONG, type RpcErrorCode } from '@tms/contracts';
import { httpAnswerFor, serviceUnavailable } from './rpc-errors.js';

describe('httpAnswerFor: service error codes to HTTP', () => {
  const issues = { truckNumber: ['Truck number already exists'] };

  it('answers 400 with the message and the field issues for invalid', () => {
    expect(httpAnswerFor({ code: 'invalid', message: INVALID_INPUT, issues }, 'core')).toEqual({
      status: 400,
      body: { message: INVALID_INPUT, issues },
    });
  });

  it('answers 404 with the message for not_found', () => {
    expect(httpAnswerFor({ code: 'not_found', message: 'Truck not found' }, 'core')).toEqual({
      status: 404,
      body: { message: 'Truck not found' },
    });
  });

  it('answers 409 with the message and the field issues for conflict', () => {
    expect(httpAnswerFor({ code: 'conflict', message: 'Truck number already exists', issues }, 'core')).toEqual({
      status: 409,
      body: { message: 'Truck number already exists', issues },
    });
  });

  it('answers 503 for unavailable, with the service message or a plain one', () => {
    expect(httpAnswerFor({ code: 'unavailable', message: 'The AI model is busy.' }, 'ai')).toEqual({
      status: 503,
      body: { message: 'The AI model is busy.' },
    });
    expect(httpAnswerFor({ code: 'unavailable', message: '' }, 'ai')).toEqual({
      status: 503,
      body: { message: 'The ai service is not available. Please try again shortly.' },
    });
  });

  it('answers 500 with a plain message for internal, never the service text', () => {
    expect(httpAnswerFor({ code: 'internal', message: 'relation "core.trucks" does not exist' }, 'core')).toEqual({
      status: 500,
      body: { message: SOMETHING_WENT_WRONG },
    });
  });

  it('maps every code of the contract', () => {
    const expected: Record<RpcErrorCode, number> = { invalid: 400, not_found: 404, conflict: 409, unavailable: 503, busy: 503, undeliverable: 502, internal: 500 };
    for (const code of RPC_ERROR_CODES) {
      expect(httpAnswerFor({ code, message: 'x' }, 'core').status).toBe(expected[code]);
    }
    expect(Object.keys(expected).sort()).toEqual([...RPC_ERROR_CODES].sort());
  });

  it('tells a client of a busy service when to try again, and no one else', () => {
    expect(httpAnswerFor({ code: 'busy', message: 'Extractions are queued full. Please try again shortly.' }, 'ai')).toEqual({
      status: 503,
      body: { message: 'Extractions are queued full. Please try again shortly.' },
      retryAfterSeconds: 5,
    });
    expect(httpAnswerFor({ code: 'unavailable', message: '' }, 'ai').retryAfterSeconds).toBeUndefined();
  });

  it('gives empty issues rather than none for invalid and conflict', () => {
    expect(httpAnswerFor({ code: 'invalid', message: INVALID_INPUT }, 'core').body.issues).toEqual({});
    expect(httpAnswerFor({ code: 'conflict', message: 'In use' }, 'core').body.issues).toEqual({});
  });

  it('names the service that is not available', () => {
    expect(serviceUnavailable('core')).toEqual({
      status: 503,
      body: { message: 'The core service is not available. Please try again shortly.' },
    });
  });
});
