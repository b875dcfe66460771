import { readFileSync } from 'node:fs';
import { readSender } from './sender.js';

const sample = (name: string) => readFileSync(new URL(`../../test/documents/${name}`, import.meta.url), 'utf8');

describe("a document's sender (issue 47)", () => {
  it("reads a rate confirmation's letterhead: name, address, phone, MC number, and where invoices go", () => {
    expect(readSender(sample('multistop-ratecon.txt'))).toEqual({
      name: 'SUMMIT FREIGHT BROKERAGE LLC',
      address: '1200 Commerce Blvd, Suite 400, Chicago, IL 60601',
      phone: '(312) 555-0199',
      mcNumber: '889123',
      billingEmail: 'ap@summitfreight.example',
    });
  });

  it('reads the company beside a title, and never the carrier named below it', () => {
    expect(readSender(sample('ratecon-boxed-comments.txt'))?.name).toBe('BLUE HERON LOGISTICS');
    expect(readSender(sample('layouts/held-out/mesa-dispatch-1.txt'))?.name).toBe('MESA ROUTE PARTNERS');
    expect(readSender(sample('layouts/tuned/keystone-table-1.txt'))?.name).toBe('KEYSTONE AGRI TRANSPORT');
    const summit = readSender(sample('layouts/tuned/summit-ratecon-1.txt'));
    expect(summit?.name).toBe('SUMMIT FREIGHT BROKERAGE INC.');
    // 'Carrier: Northwind Trucking  MC: 781234' is the carrier's, not the sender's.
    expect(summit?.mcNumber).toBeUndefined();
  });

  it("takes no title or label for a name: a bill of lading's title, 'BOL NO.'", () => {
    expect(readSender(sample('bol-columns.txt'))?.name).toBeUndefined();
    expect(readSender(sample('heldout-inline-labels.txt'))?.name).toBeUndefined();
  });

  it("gives an e-mail's From address, not its person's name", () => {
    expect(readSender(sample('tender-email-driver-instructions.txt'))).toMatchObject({ email: 'kbrandt@northfieldcarriers.example' });
    expect(readSender(sample('tender-email-driver-instructions.txt'))?.name).toBeUndefined();
  });

  it("reads an X12 204's bill-to party with its address", () => {
    expect(readSender(sample('edi-204-pipes.txt'))).toEqual({ name: 'Lakeshore Logistics', address: '900 Harbor Dr, Milwaukee, WI 53202' });
    expect(readSender(sample('edi-204.txt'))).toEqual({ name: 'Summit Freight Brokerage', address: 'Chicago, IL 60601' });
  });
});
