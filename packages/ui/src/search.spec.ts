import { filterBySearch, isSearching, searchIndex } from './search.js';

interface Row {
  truckNumber: string;
  licensePlate: string;
  type: string;
  vin: string | null;
  driver?: { name: string };
}

const rows: Row[] = [
  { truckNumber: 'T-101', licensePlate: 'ABC-123', type: 'Dry Van', vin: null },
  { truckNumber: 'T-202', licensePlate: 'XYZ-789', type: 'Flatbed', vin: '1HGBH41' },
  { truckNumber: 'R-7', licensePlate: 'REF-001', type: 'Refrigerated', vin: null, driver: { name: 'Ann Lee' } },
];
const fields = ['truckNumber', 'licensePlate', 'type'] as const;

describe('list search', () => {
  it('shows every row while the search box is empty or blank', () => {
    expect(filterBySearch(rows, '', fields)).toHaveLength(3);
    expect(filterBySearch(rows, '   ', fields)).toHaveLength(3);
    expect(isSearching('  ')).toBe(false);
  });

  it('matches when spaces and dashes are left out or put in (a plate typed without its space)', () => {
    const plates = [...rows, { truckNumber: 'T-303', licensePlate: 'P 270936', type: 'Tanker', vin: null }];
    expect(filterBySearch(plates, 'P270936', fields).map((row) => row.truckNumber)).toEqual(['T-303']);
    expect(filterBySearch(plates, 'p-270 936', fields).map((row) => row.truckNumber)).toEqual(['T-303']);
    expect(filterBySearch(plates, 'abc123', fields).map((row) => row.truckNumber)).toEqual(['T-101']);
    expect(filterBySearch(plates, 't303', fields).map((row) => row.truckNumber)).toEqual(['T-303']);
    // Never across two fields: 'T-101' then 'ABC-123' is not 'T101ABC'.
    expect(filterBySearch(plates, 't101abc', fields)).toEqual([]);
    expect(filterBySearch(plates, 'P270937', fields)).toEqual([]);
  });

  it('matches a substring of any declared field, whatever the case', () => {
    expect(filterBySearch(rows, 't-2', fields).map((row) => row.truckNumber)).toEqual(['T-202']);
    expect(filterBySearch(rows, 'abc', fields).map((row) => row.truckNumber)).toEqual(['T-101']);
    expect(filterBySearch(rows, 'FLAT', fields).map((row) => row.truckNumber)).toEqual(['T-202']);
  });

  it('does not search fields the screen did not declare', () => {
    expect(filterBySearch(rows, '1HGBH', fields)).toEqual([]);
  });

  it('searches values from elsewhere through a function, skipping missing ones', () => {
    const byDriver = filterBySearch(rows, 'ann', [(row: Row) => row.driver?.name]);
    expect(byDriver.map((row) => row.truckNumber)).toEqual(['R-7']);
  });

  it('answers every query from one index of the list, in the list\'s order, never matching across two fields', () => {
    const matching = searchIndex(rows, fields);
    expect(matching('').map((row) => row.truckNumber)).toEqual(['T-101', 'T-202', 'R-7']);
    expect(matching('ref').map((row) => row.truckNumber)).toEqual(['R-7']);
    expect(matching(' DRY ').map((row) => row.truckNumber)).toEqual(['T-101']);
    // 'T-101' then 'ABC-123': the end of one field and the start of the next are not one text.
    expect(matching('101abc')).toEqual([]);
  });
});
