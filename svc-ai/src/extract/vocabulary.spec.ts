import { readEdi204 } from './edi-204.js';
import { extractOffline } from './offline-extractor.js';
import { labelPattern } from './vocabulary.js';

const read = (text: string) => extractOffline(text, { today: new Date('2027-01-01') }).fields;

describe("the standards' field vocabulary", () => {
  it('writes a phrase once for each way documents spell it', () => {
    const pickUp = labelPattern(['pick-up']);
    for (const spelling of ['Pick-up', 'PICK UP', 'Pickup']) expect(pickUp.test(spelling)).toBe(true);
    expect(pickUp.test('Pickups')).toBe(false);
  });

  it.each([
    ['Bill of Lading Number: CVB-240611', 'CVB-240611'],
    ['B/L No.  PTC-00931', 'PTC-00931'],
    ['Trip: RL-55120', 'RL-55120'],
    ['Order #: MFS-310482', 'MFS-310482'],
    ['Confirmation #  TSL-2290417', 'TSL-2290417'],
    ['Reference   KAT-91034', 'KAT-91034'],
    ["Shipper's No. 4471-22", '4471-22'],
    ['PRO 7734410', '7734410'],
  ])('reads the load number of "%s"', (line, loadNumber) => {
    expect(read(`${line}\n`).loadNumber).toBe(loadNumber);
  });

  it("takes a bill of lading's own number before the shipper's and the carrier's", () => {
    expect(read("Shipper's No. 4471-22\nCarrier's No. 3308815\nB/L No. HFC-118204\n").loadNumber).toBe('HFC-118204');
  });

  it.each([
    ['All-in Rate (USD): $1,425.00  (includes fuel)', '1425.00'],
    ['Line Haul   $1,310.00\nFSC           $235.80', '1545.80'],
    ['LINEHAUL     ACCESSORIALS    TOTAL DUE\n980.00       120.00          1,100.00', '1100.00'],
  ])('reads the rate of "%s"', (text, rate) => {
    expect(read(`${text}\n`).rate).toBe(rate);
  });

  it("reads NMFC's 'Consigned to' as the delivery, and a 'Shipper's No.' opens no pickup", () => {
    const fields = read("Shipper's No. 4471-22\nFrom (Shipper): Midwest Brake Supply Co., Green Bay, WI 54303\nConsigned to: Tri-County Auto Parts, Cleveland, OH 44127\n");
    expect(fields.pickupLocation).toBe('Green Bay, WI');
    expect(fields.deliveryLocation).toBe('Cleveland, OH');
  });

  it("keeps a stop's block when a carrier's label stands in the column beside it", () => {
    const fields = read(
      [
        'SHIP FROM                                Bill of Lading Number: CVB-1',
        'Address: 2750 Meridian Pkwy              CARRIER NAME: Hoosier Express Lines',
        'City/State/Zip: Indianapolis, IN 46241   Trailer number: 53118',
        '',
        'SHIP TO',
        'City/State/Zip: Louisville, KY 40299',
      ].join('\n'),
    );
    expect(fields.pickupLocation).toBe('Indianapolis, IN');
    expect(fields.deliveryLocation).toBe('Louisville, KY');
  });

  it("reads side-by-side stop boxes headed 'STOP 1 - PICK-UP' and 'STOP 2 - DROP'", () => {
    const fields = read(
      [
        '| Broker Inc, 3300 Lakeview Pkwy, Rowlett, TX 75088                             |',
        '',
        '| STOP 1 - PICK-UP                          | STOP 2 - DROP                         |',
        '| Pharr, TX 78577                           | San Antonio, TX 78218                 |',
      ].join('\n'),
    );
    expect(fields.pickupLocation).toBe('Pharr, TX');
    expect(fields.deliveryLocation).toBe('San Antonio, TX');
  });

  it("reads a dispatch sheet's '15-Jun-2027' dates, its line of goods and a weight in '#'", () => {
    const fields = read('PICKUP\n  Lake Charles, LA 70615\n  15-Jun-2027  07:30\n\nDELIVER\n  Memphis, TN 38118\n  16-Jun-2027\n\nLOAD\n  Kraft paper rolls      26 rolls      44,200#\n');
    expect(fields).toMatchObject({ pickupDate: '2027-06-15', deliveryDate: '2027-06-16', commodity: 'Kraft paper rolls', weight: 44200 });
  });

  it("takes a VICS bill of lading's commodity from its carrier table, not its customer order table", () => {
    const fields = read(
      [
        'CUSTOMER ORDER NUMBER    # PKGS    WEIGHT    PALLET/SLIP    ADDITIONAL SHIPPER INFO',
        'PO 5581204               18        11,340    Y              Dept 22',
        '',
        'HANDLING UNIT   PACKAGE     WEIGHT  H.M.  COMMODITY DESCRIPTION',
        '28    PLT       336  CTN    11,340        Kitchen cookware',
      ].join('\n'),
    );
    expect(fields.commodity).toBe('Kitchen cookware');
  });

  it("reads a commodity beside its label in a form's line, but not a column head beside it in a table's head", () => {
    expect(read('Commodity          Frozen chicken         Weight   38,400 lbs\n').commodity).toBe('Frozen chicken');
    expect(read('COMMODITY DESCRIPTION           LTL ONLY\n').commodity).toBeUndefined();
  });

  it('takes the pounds a document gives over the kilograms beside them', () => {
    expect(read('Lading: 26 pallets of paper napkins, 21,300 lbs (9,662 kg)\n').weight).toBe(21300);
  });

  it('reads a state written out as its two letters', () => {
    expect(read('Pick up in Dallas, Texas on 06/02/2027 and deliver to Charleston, WEST VIRGINIA by 06/04/2027.\n')).toMatchObject({ pickupLocation: 'Dallas, TX', deliveryLocation: 'Charleston, WV' });
  });

  it("reads a printed 204 whose stars OCR misread, as data", () => {
    const text = ['ST*204*0001~', 'B2**HPTK**PR8850936™*PP~', 'S5*1*CL~', 'G62*69*20271018~', 'N4*NORTH PLATTE*NE*69101~', 'S5*2*CU~', 'G62*70%20271020~', 'N4*BOISE*ID*83705~', 'L3*22400*G*1980*FR*198000~'].join('\n');
    expect(readEdi204(text, true).fields).toMatchObject({ loadNumber: 'PR8850936', deliveryDate: '2027-10-20', rate: '1980.00', weight: 22400 });
  });
});
