import { AUDIT_MESSAGES, auditCursor, auditQuerySchema } from './audit.js';

const ID = '00000000-0000-4000-8000-000000000001';
const issuesOf = (query: Record<string, string>) => {
  const parsed = auditQuerySchema.safeParse(query);
  return parsed.success ? undefined : parsed.error.issues.map(({ path, message }) => [path.join('.'), message]);
};

describe('auditQuerySchema', () => {
  it.each([
    ['from', '2026-02-30', AUDIT_MESSAGES.from],
    ['from', '0000-01-01', AUDIT_MESSAGES.from],
    ['from', '2026-02-28T24:30', AUDIT_MESSAGES.from],
    ['to', '2026-02-28T10:60Z', AUDIT_MESSAGES.to],
    ['to', '2026-02-28T10:00:61Z', AUDIT_MESSAGES.to],
    ['to', '2026-01-01T10:00+99:00', AUDIT_MESSAGES.to],
    ['after', `2026-02-30T10:00:00.000000Z|${ID}`, AUDIT_MESSAGES.after],
    ['after', `2026-01-01T99:99:99Z|${ID}`, AUDIT_MESSAGES.after],
    ['after', `2026-01-01T10:00:00.000000Z|${'-'.repeat(36)}`, AUDIT_MESSAGES.after],
    ['after', '2026-01-01T10:00:00.000000Z', AUDIT_MESSAGES.after],
  ])('refuses %s=%s with its message', (field, value, message) => {
    expect(issuesOf({ [field]: value })).toEqual([[field, message]]);
  });

  it('takes real days, times with offsets and the cursors it gives', () => {
    for (const from of ['2024-02-29', '2026-02-28T23:59', '2026-02-28T23:59:59.123456+05:30', '2026-02-28T00:00-0800']) expect(issuesOf({ from })).toBeUndefined();
    expect(issuesOf({ after: auditCursor({ at: '2026-02-28T10:00:00.000001Z', id: ID }) })).toBeUndefined();
  });
});
