import { addDays, companyTimeZone, dayIn, DEFAULT_COMPANY_TIME_ZONE } from './company-time-zone.js';

describe('the company time zone', () => {
  it('is COMPANY_TIME_ZONE, else the default', () => {
    expect(companyTimeZone({ COMPANY_TIME_ZONE: 'America/Denver' })).toBe('America/Denver');
    expect(companyTimeZone({ COMPANY_TIME_ZONE: ' ' })).toBe(DEFAULT_COMPANY_TIME_ZONE);
    expect(companyTimeZone({})).toBe(DEFAULT_COMPANY_TIME_ZONE);
  });

  it('stops the start on a name no one knows, naming the setting', () => {
    expect(() => companyTimeZone({ COMPANY_TIME_ZONE: 'Mars/Olympus' })).toThrow('COMPANY_TIME_ZONE must be a time zone name such as America/Chicago (got "Mars/Olympus").');
  });

  it("gives the company's day, not the server's, and counts days across months and leap years", () => {
    // 03:00 UTC on March 1st is still February 29th in Chicago (UTC-6).
    expect(dayIn('America/Chicago', new Date('2028-03-01T03:00:00Z'))).toBe('2028-02-29');
    expect(dayIn('UTC', new Date('2028-03-01T03:00:00Z'))).toBe('2028-03-01');
    expect(addDays('2028-02-29', 30)).toBe('2028-03-30');
    expect(addDays('2027-12-15', 30)).toBe('2028-01-14');
    expect(addDays('2027-03-08', 0)).toBe('2027-03-08');
  });
});
