import { INVALID_INPUT, SOMETHING_WENT_WRONG } from '@tms/contracts';
import { databaseErrorReply } from './errors.js';

const constraints = { trucks_truck_number_key: { field: 'truckNumber', message: 'A truck with this truck number already exists' } };
const databaseError = (driverError: Record<string, string>) => Object.assign(new Error('query failed'), { driverError });

describe('databaseErrorReply', () => {
  it('names the field of a known unique constraint', () => {
    expect(databaseErrorReply(databaseError({ code: '23505', constraint: 'trucks_truck_number_key' }), constraints)).toEqual({
      ok: false,
      error: {
        code: 'conflict',
        message: 'A truck with this truck number already exists',
        issues: { truckNumber: ['A truck with this truck number already exists'] },
      },
    });
  });

  it('answers invalid input, not a server error, for a value Postgres will not store', () => {
    // 22021: NUL in text; 22003: integer out of range; 22008: date out of range; 54000: too large to index.
    for (const code of ['22021', '22003', '22008', '54000']) {
      expect(databaseErrorReply(databaseError({ code }), constraints)).toEqual({ ok: false, error: { code: 'invalid', message: INVALID_INPUT } });
    }
  });

  it('answers a plain internal error for anything else, without the database text', () => {
    expect(databaseErrorReply(databaseError({ code: '42P01' }), constraints)).toEqual({
      ok: false,
      error: { code: 'internal', message: SOMETHING_WENT_WRONG },
    });
  });
});
