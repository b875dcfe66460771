import { HttpException, Logger, NotFoundException } from '@nestjs/common';
import { INVALID_INPUT, SOMETHING_WENT_WRONG } from '@tms/contracts';
import { answerForError } from './http-errors.js';

// The errors these tests provoke are logged on purpose; keep the test output readable.
beforeAll(() => Logger.overrideLogger(false));

describe('answerForError', () => {
  it('passes our own HTTP errors as they are', () => {
    expect(answerForError(new HttpException({ message: 'Unauthorized' }, 401))).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    expect(answerForError(new HttpException({ message: INVALID_INPUT, issues: { a: ['Required'] } }, 400))).toEqual({
      status: 400,
      body: { message: INVALID_INPUT, issues: { a: ['Required'] } },
    });
  });

  it("answers a plain text for Nest's own exceptions (no paths echoed)", () => {
    expect(answerForError(new NotFoundException('Cannot GET /api/x/y/z'))).toEqual({ status: 404, body: { message: 'Not found' } });
  });

  it("answers 400 'Invalid JSON' and 413 for body-parser's refusals", () => {
    expect(answerForError(Object.assign(new SyntaxError('Unexpected token'), { type: 'entity.parse.failed', status: 400 }))).toEqual({
      status: 400,
      body: { message: 'Invalid JSON' },
    });
    expect(answerForError(Object.assign(new Error('request entity too large'), { type: 'entity.too.large', status: 413 }))).toEqual({
      status: 413,
      body: { message: 'The request is too large.' },
    });
    expect(answerForError(Object.assign(new Error('unsupported charset'), { type: 'charset.unsupported', status: 415 })).status).toBe(415);
  });

  it('answers anything else as a plain 500, without its message or stack', () => {
    const answer = answerForError(new Error('duplicate key value violates unique constraint "users_email_key" at SELECT ...'));
    expect(answer).toEqual({ status: 500, body: { message: SOMETHING_WENT_WRONG } });
    expect(answerForError('a string')).toEqual({ status: 500, body: { message: SOMETHING_WENT_WRONG } });
  });
});
