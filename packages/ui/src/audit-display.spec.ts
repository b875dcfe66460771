import type { AuditEntry } from '@tms/contracts';
import { describeEntry, formatAuditValue, humanFieldName } from './audit-display.js';

describe('formatAuditValue', () => {
  it('shows days, money and nothing as the lists do', () => {
    expect(formatAuditValue('2027-03-04')).toBe('Mar 4, 2027');
    expect(formatAuditValue('1234.50')).toBe('$1,234.50');
    expect(formatAuditValue('-12.00')).toBe('-$12.00');
    expect(formatAuditValue(null)).toBe('—');
    expect(formatAuditValue('')).toBe('—');
    expect(formatAuditValue(42000)).toBe('42,000');
    expect(formatAuditValue('in-transit')).toBe('in-transit');
  });
});

describe('humanFieldName', () => {
  it('reads a field name as words, a reference without its Id', () => {
    expect(humanFieldName('loadNumber')).toBe('Load number');
    expect(humanFieldName('assignedTruckId')).toBe('Assigned truck');
    expect(humanFieldName('vin')).toBe('Vin');
  });
});

describe('describeEntry', () => {
  const entry: AuditEntry = {
    id: '1',
    at: '2026-11-26T15:04:05.123456Z',
    userId: 'u',
    userEmail: 'clerk@example.com',
    resource: 'invoices',
    recordId: 'r',
    action: 'update',
    changes: { total: { from: '1000.00', to: '1250.00' }, dueDate: { from: '2026-12-01', to: '2026-12-15' } },
  };

  it('names the field by the dialog label when it has one, and formats both values', () => {
    const described = describeEntry(entry, { labels: new Map([['total', 'Total']]), options: new Map() });
    expect(described).toMatchObject({ who: 'clerk@example.com', what: 'Changed' });
    expect(described.lines).toEqual([
      { field: 'total', label: 'Total', from: '$1,000.00', to: '$1,250.00' },
      { field: 'dueDate', label: 'Due date', from: 'Dec 1, 2026', to: 'Dec 15, 2026' },
    ]);
  });

  it('lists only the values a create set', () => {
    const created = describeEntry({ ...entry, action: 'create', changes: { total: { to: '10.00' }, notes: { to: null } } }, { labels: new Map(), options: new Map() });
    expect(created.what).toBe('Created');
    expect(created.lines.map((line) => line.field)).toEqual(['total']);
  });

  it("shows a choice by the dialog's label for it", () => {
    const options = new Map([['customerId', new Map([['c1', 'Acme Foods']])]]);
    const described = describeEntry({ ...entry, changes: { customerId: { from: 'c1', to: 'c2' } } }, { labels: new Map(), options });
    expect(described.lines[0]).toMatchObject({ label: 'Customer', from: 'Acme Foods', to: 'c2' });
  });
});
