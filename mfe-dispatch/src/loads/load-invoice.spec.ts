import { invoiceForLoadPath, loadInvoiceActions } from './load-invoice.js';

describe("a delivered load's 'Create Invoice'", () => {
  const load = { id: '6f1c2b7e-3d4a-4c5b-9e8f-0a1b2c3d4e5f', status: 'delivered' as const };

  it('is in the row menu of a delivered load only', () => {
    expect(loadInvoiceActions(load, () => undefined).map((action) => action.label)).toEqual(['Create Invoice']);
    for (const status of ['pending', 'assigned', 'in-transit', 'invoiced'] as const) expect(loadInvoiceActions({ ...load, status }, () => undefined)).toEqual([]);
  });

  it("opens Accounting's Invoices tab asking for the load's invoice", () => {
    const visited: string[] = [];
    loadInvoiceActions(load, (path) => visited.push(path))[0].onClick();
    expect(visited).toEqual([invoiceForLoadPath(load)]);
    const url = new URL(visited[0], 'https://tms.example.com');
    expect([url.pathname, url.searchParams.get('tab'), url.searchParams.get('invoiceForLoad')]).toEqual(['/accounting', 'invoices', load.id]);
  });
});
