import { createElement } from 'react';
import { listCsv } from './list-csv.js';
import type { ResourceColumn } from './resource-column.js';

interface Row {
  id: string;
  name: string;
  rate: string;
  pickupDate: string;
  city: string;
  state: string;
}

const columns: ResourceColumn<Row>[] = [
  { title: 'Name', dataIndex: 'name', key: 'name', width: 100, render: (name: string) => createElement('strong', null, name) },
  { title: 'Rate', dataIndex: 'rate', key: 'rate', width: 100, render: (rate: string) => `$${rate}` },
  { title: 'Pickup Date', dataIndex: 'pickupDate', key: 'pickupDate', width: 100 },
  { title: 'Route', key: 'route', width: 100, render: (_, row) => createElement('span', null, row.city, ', ', row.state) },
  { title: 'Place', key: 'place', width: 100, exportValue: (row) => `${row.city} ${row.state}`, render: () => createElement('i') },
];

describe('listCsv', () => {
  it("writes the screen's columns: a field's stored value, else the cell's text or the column's export value", () => {
    const rows = [{ id: '1', name: '=Acme, "Big"', rate: '1250.00', pickupDate: '2027-03-04', city: 'Dallas', state: 'TX' }];
    expect(listCsv(rows, columns)).toBe(
      '\uFEFFName,Rate,Pickup Date,Route,Place\r\n' + `"'=Acme, ""Big""",1250.00,2027-03-04,"Dallas, TX",Dallas TX\r\n`,
    );
  });

  it('writes the header alone for no rows', () => {
    expect(listCsv([], columns)).toBe('\uFEFFName,Rate,Pickup Date,Route,Place\r\n');
  });
});
