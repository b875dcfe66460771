import { customerNameKey, matchCustomer, mcNumberKey } from '../index.js';

const customers = [
  { id: 'c1', name: 'Summit Freight Brokerage, L.L.C.', mcNumber: '' },
  { id: 'c2', name: 'Harbor Point Logistics', mcNumber: 'MC-0771234' },
  { id: 'c3', name: 'Acme Foods', mcNumber: null },
];

describe("a document's sender matched to a customer (issue 47)", () => {
  it('compares names without case, punctuation or the legal form', () => {
    expect(customerNameKey('SUMMIT FREIGHT BROKERAGE INC.')).toBe('summit freight brokerage');
    expect(customerNameKey('Summit Freight Brokerage, L.L.C.')).toBe('summit freight brokerage');
    expect(customerNameKey('The Smith & Sons Co')).toBe('smith and sons');
    expect(customerNameKey('Inc.')).toBe('');
  });

  it('compares MC numbers by their digits', () => {
    expect(mcNumberKey('MC# 0889123')).toBe('889123');
    expect(mcNumberKey('mc-889123')).toBe('889123');
    expect(mcNumberKey('')).toBe('');
    expect(mcNumberKey(undefined)).toBe('');
  });

  it('finds the customer by MC number first, else by name, else none', () => {
    expect(matchCustomer(customers, { name: 'Someone Else LLC', mcNumber: '771234' })?.id).toBe('c2');
    expect(matchCustomer(customers, { name: 'SUMMIT FREIGHT BROKERAGE LLC', mcNumber: '889123' })?.id).toBe('c1');
    expect(matchCustomer(customers, { name: 'acme foods, inc.' })?.id).toBe('c3');
    expect(matchCustomer(customers, { name: 'Acme Foods West' })).toBeUndefined();
    expect(matchCustomer(customers, { name: 'LLC' })).toBeUndefined();
    expect(matchCustomer(customers, undefined)).toBeUndefined();
  });
});
