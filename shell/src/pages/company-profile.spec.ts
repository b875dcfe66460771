import { COMPANY_PROFILE_LABELS, companyProfileFormValues, companyProfilePayload } from './company-profile.js';

const profile = {
  name: 'Prairie Freight LLC',
  address: '4100 W 47th St\nChicago, IL 60632',
  phone: '(312) 555-0142',
  email: 'billing@prairie.example.com',
  mcNumber: 'MC-123456',
  dotNumber: '1234567',
  remitTo: 'PO Box 500, Chicago, IL 60690',
  paymentTermsDays: 30,
  invoiceNotes: 'Thank you for your business.',
  showPayToDrivers: true,
};

describe('company profile card', () => {
  it('labels its fields in order', () => {
    expect(Object.values(COMPANY_PROFILE_LABELS)).toEqual([
      'Legal Name', 'Address', 'Phone', 'Email', 'MC Number', 'USDOT Number', 'Remit-To Address', 'Payment Terms (days)', 'Invoice Note', 'Show pay to drivers',
    ]);
  });

  it('sends the saved profile back unchanged, and trims what was typed', () => {
    expect(companyProfilePayload(companyProfileFormValues(profile))).toEqual(profile);
    expect(companyProfilePayload({ ...companyProfileFormValues(profile), name: '  Prairie Freight LLC ', remitTo: ' ' })).toMatchObject({ name: 'Prairie Freight LLC', remitTo: '' });
  });

  it('opens empty when a profile has no values, and sends cleared terms as null (the default terms)', () => {
    expect(companyProfileFormValues({})).toMatchObject({ name: '', remitTo: '', paymentTermsDays: null, showPayToDrivers: false });
    expect(companyProfilePayload({ ...companyProfileFormValues(profile), paymentTermsDays: null })).toMatchObject({ paymentTermsDays: null });
  });
});
