import { CUSTOMER_MESSAGES, customerInputSchema, DEFAULT_CUSTOMER_TYPE, fieldIssues } from '../index.js';

const valid = { name: 'Harbor Foods', email: 'shipping@harborfoods.com', phone: '(312) 555-0142', address: '4100 W 47th St, Chicago, IL 60632', type: 'shipper' };
const customerIssues = (fields: Record<string, unknown>) => {
  const result = customerInputSchema.safeParse({ ...valid, ...fields });
  return result.success ? {} : fieldIssues(result.error);
};

/** A customer without charge terms of its own (issue 43): each empty, the company's. */
const NO_OWN_TERMS = {
  detentionFreeHours: null, detentionRatePerHour: null, detentionCapHours: null, billingIncrementMinutes: null,
  layoverPerDay: null, tonuFlat: null, stopOffPerStop: null, fuelSurchargePerMile: null,
};

describe('customer schema', () => {
  it('takes a customer as the form sends it, trimmed', () => {
    expect(customerInputSchema.parse({ ...valid, name: ' Harbor Foods ', type: 'receiver' })).toEqual({ ...valid, type: 'receiver', ...NO_OWN_TERMS, billingEmail: '', mcNumber: '' });
  });

  it('reports the spec message for each missing or invalid field', () => {
    expect(customerIssues({ name: ' ', email: 'shipping@', phone: '', address: undefined, type: 'consignee' })).toEqual({
      name: ['Name is required'],
      email: ['Invalid email address'],
      phone: ['Phone number is required'],
      address: ['Address is required'],
      type: ['Type is required'],
    });
  });

  it("takes an MC number as people write it, or none (issue 47)", () => {
    expect(customerInputSchema.parse({ ...valid, mcNumber: ' MC-889123 ' }).mcNumber).toBe('MC-889123');
    expect(customerInputSchema.parse({ ...valid, mcNumber: null }).mcNumber).toBe('');
    expect(customerIssues({ mcNumber: 'eight' })).toEqual({ mcNumber: ['MC number must be digits, like MC-123456'] });
  });

  it('starts a new customer as a shipper', () => {
    expect(DEFAULT_CUSTOMER_TYPE).toBe('shipper');
  });

  it('says how many loads keep a customer from being deleted', () => {
    expect(CUSTOMER_MESSAGES.hasLoads(1)).toBe('This customer has 1 load. Delete it or move it to another customer first.');
    expect(CUSTOMER_MESSAGES.hasLoads(3)).toBe('This customer has 3 loads. Delete them or move them to another customer first.');
  });
});
