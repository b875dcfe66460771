/**
 * `npm run demo`: fills a running TMS with a believable trucking company, Northstar Freight Lines of Chicago,
 * through its public API as a signed-in browser would: customers, trucks, drivers and loads. Each domain adds its
 * own records here, in the order their references need.
 *
 * Running it again creates nothing twice: every record has a key (customer e-mail, truck number, driver e-mail,
 * load number) and only the keys the system lacks are created. The company is always the same (a seeded
 * pseudo-random generator); dates are set around today.
 *   APP_URL  the running system (default http://localhost:3000); it must use the development sign-in.
 */
import { centsToMoney, formatDollars, fuelTotalCost, sumMoney } from '@tms/contracts';
import { signIn } from './sign-in.mjs';

const APP_URL = process.env.APP_URL ?? 'http://localhost:3000';
const DEMO_USER = 'dispatch@northstarfreight.com';

/** mulberry32: a small seeded generator, so that every run describes the same company. */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seededRandom(20260301);
const between = (min, max) => min + Math.floor(random() * (max - min + 1));
const pick = (items) => items[Math.floor(random() * items.length)];
const digits = (count) => Array.from({ length: count }, () => between(0, 9)).join('');
const letters = (count, alphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ') => Array.from({ length: count }, () => pick(alphabet)).join('');

/** Today (local calendar day) moved by `days`, as 'YYYY-MM-DD'. */
function day(days) {
  const now = new Date();
  return new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate() + days)).toISOString().slice(0, 10);
}

/** Whole cents as the API's money text, so that no amount passes through a float. */
const money = (cents) => centsToMoney(BigInt(cents));

// ---------------------------------------------------------------------------------------------------------------
// Customers: who ships with us, and who receives what we haul. `goods` is what their loads carry.

const CUSTOMERS = [
  ['Great Lakes Cold Storage', 'logistics@greatlakescold.com', '(773) 555-0142', '4100 S Packers Ave, Chicago, IL 60609', 'shipper', ['Frozen poultry', 'Frozen beef']],
  ['Prairie Harvest Foods', 'shipping@prairieharvest.com', '(402) 555-0117', '2200 N 11th St, Omaha, NE 68110', 'shipper', ['Packaged cereal', 'Canned goods']],
  ['Lone Star Building Supply', 'receiving@lonestarbuilding.com', '(214) 555-0163', '8900 Ambassador Row, Dallas, TX 75247', 'receiver', ['Lumber', 'Drywall']],
  ['Peachtree Paper Products', 'dispatch@peachtreepaper.com', '(404) 555-0128', '1450 Southside Industrial Pkwy SE, Atlanta, GA 30354', 'shipper', ['Paper products', 'Corrugated boxes']],
  ['Rocky Mountain Beverage Co.', 'freight@rockymtnbev.com', '(303) 555-0176', '4850 Kingston St, Denver, CO 80239', 'shipper', ['Packaged beverages', 'Bottled water']],
  ['Desert Sun Distribution', 'dock@desertsundist.com', '(602) 555-0134', '2601 S 43rd Ave, Phoenix, AZ 85009', 'receiver', ['Consumer electronics', 'Housewares']],
  ['Music City Appliance', 'receiving@musiccityappliance.com', '(615) 555-0189', '710 Massman Dr, Nashville, TN 37210', 'receiver', ['Household appliances']],
  ['Buckeye Steel Fabricators', 'traffic@buckeyesteelfab.com', '(614) 555-0151', '3400 Refugee Rd, Columbus, OH 43232', 'shipper', ['Steel coils', 'Structural steel']],
  ['Gulf Coast Plastics', 'shipping@gulfcoastplastics.com', '(713) 555-0107', '9200 Market St, Houston, TX 77029', 'shipper', ['Plastic resin', 'PVC pipe']],
  ['Twin Cities Grocers Cooperative', 'inbound@tcgrocers.com', '(651) 555-0122', '1300 Mendota Heights Rd, Mendota Heights, MN 55120', 'receiver', ['Dry groceries', 'Dairy products']],
  ['Cascade Lumber & Millwork', 'orders@cascadelumber.com', '(503) 555-0168', '5600 NW Front Ave, Portland, OR 97210', 'shipper', ['Lumber', 'Millwork']],
  ['Sunbelt Home Furnishings', 'receiving@sunbelthome.com', '(407) 555-0145', '4500 Shader Rd, Orlando, FL 32808', 'receiver', ['Furniture', 'Mattresses']],
  ['Heartland Grain Processors', 'shipping@heartlandgrain.com', '(816) 555-0119', '7700 E 38th St, Kansas City, MO 64129', 'shipper', ['Bagged flour', 'Animal feed']],
  ['Bayou Chemical Supply', 'logistics@bayouchem.com', '(225) 555-0183', '12400 Airline Hwy, Baton Rouge, LA 70817', 'shipper', ['Industrial cleaners', 'Lubricants']],
  ['Carolina Textile Mills', 'shipping@carolinatextile.com', '(704) 555-0137', '3100 N Tryon St, Charlotte, NC 28206', 'shipper', ['Textiles', 'Yarn']],
  ['Empire State Retail Group', 'dc-receiving@empirestateretail.com', '(716) 555-0158', '200 Milens Rd, Tonawanda, NY 14150', 'receiver', ['General merchandise']],
  ['Keystone Auto Parts', 'receiving@keystoneautoparts.com', '(717) 555-0171', '4700 Paxton St, Harrisburg, PA 17111', 'receiver', ['Auto parts']],
  ['Valley Fresh Produce', 'dispatch@valleyfreshproduce.com', '(559) 555-0126', '2750 S Cherry Ave, Fresno, CA 93706', 'shipper', ['Fresh produce', 'Table grapes']],
  ['Pacific Rim Imports', 'drayage@pacificrimimports.com', '(562) 555-0193', '1800 W Anaheim St, Long Beach, CA 90813', 'shipper', ['Consumer electronics', 'Footwear']],
  ['Hoosier Packaging Solutions', 'shipping@hoosierpackaging.com', '(317) 555-0149', '5500 W Raymond St, Indianapolis, IN 46241', 'shipper', ['Corrugated boxes', 'Stretch film']],
  ['Magnolia Furniture Outlet', 'warehouse@magnoliafurniture.com', '(601) 555-0114', '3900 I-55 N Frontage Rd, Jackson, MS 39211', 'receiver', ['Furniture']],
  ['Badger State Dairy', 'logistics@badgerstatedairy.com', '(414) 555-0165', '2600 W Silver Spring Dr, Milwaukee, WI 53209', 'shipper', ['Dairy products', 'Cheese']],
  ['Silver State Hardware', 'receiving@silverstatehardware.com', '(702) 555-0131', '4800 Donovan Way, North Las Vegas, NV 89081', 'receiver', ['Hardware', 'Building materials']],
  ['Bluegrass Bottling Company', 'shipping@bluegrassbottling.com', '(502) 555-0177', '1500 Cargo Ct, Louisville, KY 40299', 'shipper', ['Packaged beverages', 'Glass bottles']],
  ['Alamo City Foodservice', 'receiving@alamocityfoods.com', '(210) 555-0154', '5200 Rittiman Rd, San Antonio, TX 78218', 'receiver', ['Frozen foods', 'Dry groceries']],
].map(([name, email, phone, address, type, goods]) => ({ record: { name, email, phone, address, type }, goods }));

// ---------------------------------------------------------------------------------------------------------------
// Fleet: 30 tractors and box trucks, and 35 drivers. The first 18 drivers are out on loads (on duty, in a truck
// in use); 6 more have a truck but are between loads; the rest have none. A few licences and medical cards run
// out within 30 days, and one licence has expired.

const TRACTORS = [
  ['Freightliner', 'Cascadia', '1FUJ'], ['Kenworth', 'T680', '1XKY'], ['Peterbilt', '579', '1XPB'],
  ['Volvo', 'VNL 760', '4V4N'], ['International', 'LT625', '3HSD'], ['Mack', 'Anthem', '1M1A'],
];
const TRAILER_TYPES = ['Dry Van', 'Dry Van', 'Dry Van', 'Refrigerated', 'Refrigerated', 'Flatbed', 'Step Deck', 'Tanker'];
const VIN_CHARACTERS = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ';

/** Truck numbers T-101 to T-130: the first 24 are driven, then spares, two in the shop and one out of service. */
const TRUCKS = Array.from({ length: 30 }, (_, index) => {
  const boxTruck = index % 10 === 9;
  const [make, model, maker] = boxTruck ? ['Freightliner', 'M2 106', '1FVA'] : pick(TRACTORS);
  const status = index < 18 ? 'in-use' : index < 27 ? 'available' : index < 29 ? 'maintenance' : 'out-of-service';
  return {
    truckNumber: `T-${101 + index}`,
    type: boxTruck ? 'Box Truck' : pick(TRAILER_TYPES),
    status,
    licensePlate: `P ${digits(6)}`,
    vin: `${maker}${letters(13, VIN_CHARACTERS)}`,
    year: String(between(2017, 2025)),
    make,
    model,
  };
});
const DRIVEN_TRUCKS = 24;

const DRIVER_NAMES = [
  'James Carter', 'Maria Gonzalez', 'Robert Johnson', 'Linda Nguyen', 'Michael Brown', 'Tyrone Washington', 'David Martinez',
  'Jennifer Davis', 'William Thompson', 'Mei Chen', 'Richard Jackson', 'Susan White', 'Joseph Harris', 'Ahmed Hassan',
  'Thomas Lewis', 'Sarah Robinson', 'Charles Walker', 'Karen Young', 'Christopher Allen', 'Olga Petrova', 'Daniel Wright',
  'Lisa Scott', 'Matthew Torres', 'Jamal Brooks', 'Anthony Green', 'Sandra Adams', 'Mark Baker', 'Ashley Nelson',
  'Donald Mitchell', 'Kimberly Perez', 'Steven Roberts', 'Emily Turner', 'Paul Phillips', 'Donna Campbell', 'Andrew Parker',
];
const AREA_CODES = ['312', '773', '630', '708', '815', '219'];
/** Days until a licence (or medical card) runs out, for the drivers whose documents need attention. */
const LICENCE_EXPIRY = { 4: 9, 11: 18, 28: 26, 32: -12 };
const MEDICAL_CARD_EXPIRY = { 7: 4, 19: 21 };

const DRIVERS = DRIVER_NAMES.map((name, index) => {
  const [first, last] = name.toLowerCase().split(' ');
  const status =
    index < 18 ? 'on-duty' : index < 27 ? pick(['available', 'off-duty']) : index < 32 ? 'available' : 'on-leave';
  return {
    name,
    email: `${first}.${last}@northstarfreight.com`,
    phone: `(${AREA_CODES[index % AREA_CODES.length]}) 555-01${String(10 + index)}`,
    licenseNumber: `${last[0].toUpperCase()}${digits(3)}-${digits(4)}-${digits(4)}`,
    status,
    licenseExpiration: day(LICENCE_EXPIRY[index] ?? between(120, 1400)),
    medicalCardNumber: `MC${digits(8)}`,
    medicalCardExpiration: day(MEDICAL_CARD_EXPIRY[index] ?? between(60, 700)),
    assignedTruckNumber: index < DRIVEN_TRUCKS ? TRUCKS[index].truckNumber : null,
  };
});

// ---------------------------------------------------------------------------------------------------------------
// Loads: 150 over real lanes (miles as driven), priced per mile within $1,200-$6,500, in every status: invoiced
// and delivered in the past, in transit now, assigned and pending ahead.

const LANES = [
  ['Chicago, IL', 'Dallas, TX', 925], ['Atlanta, GA', 'Miami, FL', 660], ['Los Angeles, CA', 'Phoenix, AZ', 370],
  ['Dallas, TX', 'Houston, TX', 240], ['Memphis, TN', 'Chicago, IL', 530], ['Denver, CO', 'Salt Lake City, UT', 520],
  ['Seattle, WA', 'Portland, OR', 175], ['Columbus, OH', 'Charlotte, NC', 430], ['Kansas City, MO', 'Denver, CO', 605],
  ['Indianapolis, IN', 'Nashville, TN', 290], ['Newark, NJ', 'Boston, MA', 225], ['Laredo, TX', 'Chicago, IL', 1340],
  ['Fresno, CA', 'Seattle, WA', 900], ['Jacksonville, FL', 'Atlanta, GA', 345], ['Louisville, KY', 'St. Louis, MO', 260],
  ['Minneapolis, MN', 'Milwaukee, WI', 340], ['Houston, TX', 'New Orleans, LA', 350], ['Ontario, CA', 'Las Vegas, NV', 230],
  ['Harrisburg, PA', 'Columbus, OH', 390], ['Omaha, NE', 'Kansas City, MO', 185], ['Savannah, GA', 'Charlotte, NC', 255],
  ['Phoenix, AZ', 'Albuquerque, NM', 420], ['Salt Lake City, UT', 'Boise, ID', 340], ['Nashville, TN', 'Atlanta, GA', 250],
  ['Detroit, MI', 'Chicago, IL', 285], ['Charlotte, NC', 'Richmond, VA', 290], ['Oklahoma City, OK', 'Dallas, TX', 205],
  ['El Paso, TX', 'Phoenix, AZ', 430], ['Los Angeles, CA', 'Dallas, TX', 1435], ['Atlanta, GA', 'Chicago, IL', 715],
  ['Chicago, IL', 'Columbus, OH', 355], ['Milwaukee, WI', 'Indianapolis, IN', 280], ['Baton Rouge, LA', 'Memphis, TN', 330],
  ['Chicago, IL', 'Los Angeles, CA', 2015], ['Newark, NJ', 'Atlanta, GA', 880], ['Seattle, WA', 'Denver, CO', 1320],
  ['Miami, FL', 'Chicago, IL', 1380], ['Dallas, TX', 'Atlanta, GA', 780], ['Fresno, CA', 'Denver, CO', 1150],
  ['Chicago, IL', 'Newark, NJ', 790], ['Houston, TX', 'Chicago, IL', 1085],
];
/** How many loads of each status, and when their pickup is relative to today. */
const LOAD_PLAN = [
  { status: 'invoiced', count: 45, pickup: [-60, -18] },
  { status: 'delivered', count: 35, pickup: [-17, -3] },
  { status: 'in-transit', count: 18, pickup: [-2, 0] },
  { status: 'assigned', count: 22, pickup: [1, 6] },
  { status: 'pending', count: 30, pickup: [2, 14] },
];
const NOTES = [
  'Appointment required at delivery; call receiver 1 hour out.', 'Driver assist unload.', 'Lumper fee reimbursed with receipt.',
  'Load bars required.', 'No touch freight.', 'Team service requested by customer.',
];

function planLoads() {
  const shippers = CUSTOMERS.filter(({ record }) => record.type === 'shipper');
  const plans = LOAD_PLAN.flatMap(({ status, count, pickup }) =>
    Array.from({ length: count }, (_, index) => {
      const [from, to, miles] = pick(LANES);
      const customer = random() < 0.8 ? pick(shippers) : pick(CUSTOMERS);
      const pickupDay = between(...pickup);
      // A stop charge plus a rate per mile (higher on short hauls), to $25, within what a dispatcher would book.
      const centsPerMile = miles < 400 ? between(280, 380) : between(230, 310);
      const rate = Math.min(650000, Math.max(120000, Math.round((25000 + miles * centsPerMile) / 2500) * 2500));
      // The driver of an in-transit load is on it now: one load each among the drivers on duty.
      const driver =
        status === 'pending' ? null : status === 'in-transit' ? DRIVERS[index] : DRIVERS[between(0, DRIVEN_TRUCKS - 1)];
      const done = status === 'delivered' || status === 'invoiced';
      return {
        pickupDay,
        record: {
          customerEmail: customer.record.email,
          status,
          pickupLocation: from,
          pickupDate: day(pickupDay),
          deliveryLocation: to,
          deliveryDate: day(pickupDay + Math.max(1, Math.ceil(miles / 550))),
          rate: money(rate),
          driverEmail: driver?.email ?? null,
          truckNumber: driver?.assignedTruckNumber ?? null,
          expenses: done ? money(between(60, 900) * 100 + pick([0, 0, 25, 50, 75])) : '0',
          weight: String(between(100, 440) * 100),
          miles,
          commodity: pick(customer.goods),
          notes: random() < 0.2 ? pick(NOTES) : null,
        },
      };
    }),
  );
  // Booked in pickup order, so the newest bookings head the list; numbered as they were booked.
  plans.sort((a, b) => a.pickupDay - b.pickupDay);
  return plans.map(({ record }, index) => ({ loadNumber: `LD-${24001 + index}`, ...record }));
}

// ---------------------------------------------------------------------------------------------------------------
// Loads of several stops (issue 42): pickups and drops with appointments, three under way (arrivals GPS saw, one
// stop late), one booked, one delivered. Times are hours from now; the drivers are those between loads (18 to 20).

const hoursFromNow = (hours) => new Date(Math.round((Date.now() + hours * 3_600_000) / 60_000) * 60_000).toISOString();
const appointment = (from, to) => ({ appointmentStart: hoursFromNow(from), appointmentEnd: hoursFromNow(to) });
const seen = (arrived, departed, source = 'gps') => ({
  arrivedAt: hoursFromNow(arrived), arrivedSource: source,
  ...(departed === undefined ? {} : { departedAt: hoursFromNow(departed), departedSource: source }),
});
const MULTI_STOP_LOADS = [
  { loadNumber: 'LD-29001', status: 'in-transit', driver: 18, rate: '3150.00', miles: 360, commodity: 'Packaged beverages', stops: [
    { type: 'pickup', location: 'Chicago, IL', facility: 'Lakeshore Bottling', address: '2400 S Canal St, Chicago, IL 60616', reference: 'PU 88120', ...appointment(-7, -6), ...seen(-6.6, -5.4) },
    { type: 'delivery', location: 'Indianapolis, IN', facility: 'Circle City Grocers DC', reference: 'PO 44712', ...appointment(-2, -1), ...seen(-1.7) },
    { type: 'delivery', location: 'Columbus, OH', facility: 'Buckeye Markets', reference: 'PO 44713', ...appointment(3, 5) },
  ] },
  { loadNumber: 'LD-29002', status: 'in-transit', driver: 19, rate: '2480.00', miles: 370, commodity: 'Frozen poultry', stops: [
    { type: 'pickup', location: 'Dallas, TX', facility: 'Trinity Cold Storage', reference: 'PU 5120', ...appointment(-11, -10), ...seen(-10.5, -9.2, 'dispatcher') },
    { type: 'delivery', location: 'Oklahoma City, OK', facility: 'Prairie Foods', reference: 'PO 7731', ...appointment(-4, -2) },
    { type: 'delivery', location: 'Wichita, KS', facility: 'Air Capital Grocers', reference: 'PO 7732', ...appointment(5, 7) },
  ] },
  { loadNumber: 'LD-29003', status: 'in-transit', driver: 20, rate: '1890.00', miles: 310, commodity: 'Paper goods', stops: [
    { type: 'pickup', location: 'Atlanta, GA', facility: 'Peachtree Paper', ...appointment(-5, -4), ...seen(-4.6, -3.8) },
    { type: 'pickup', location: 'Greenville, SC', facility: 'Upstate Converting', ...appointment(-1, 1), ...seen(-0.6) },
    { type: 'delivery', location: 'Charlotte, NC', facility: 'Queen City Supply', reference: 'PO 2290', ...appointment(3, 4) },
  ] },
  { loadNumber: 'LD-29004', status: 'assigned', driver: 21, rate: '2760.00', miles: 420, commodity: 'Fresh produce', stops: [
    { type: 'pickup', location: 'Fresno, CA', facility: 'Valley Fresh Packers', reference: 'PU 3301', ...appointment(20, 22) },
    { type: 'pickup', location: 'Stockton, CA', facility: 'Delta Growers', ...appointment(25, 26) },
    { type: 'delivery', location: 'Sacramento, CA', facility: 'Capitol Produce', ...appointment(28, 29) },
    { type: 'delivery', location: 'Reno, NV', facility: 'Sierra Markets', reference: 'PO 9015', ...appointment(33, 35) },
  ] },
  { loadNumber: 'LD-29005', status: 'delivered', driver: 22, rate: '2140.00', miles: 300, commodity: 'Building materials', stops: [
    { type: 'pickup', location: 'Houston, TX', facility: 'Gulf Lumber', ...appointment(-76, -74), ...seen(-75.5, -74.2) },
    { type: 'delivery', location: 'Austin, TX', facility: 'Hill Country Build', ...appointment(-70, -68), ...seen(-69.4, -68.1) },
    { type: 'delivery', location: 'San Antonio, TX', facility: 'Alamo Supply', ...appointment(-65, -63), ...seen(-63.5, -62.6, 'driver') },
  ] },
];

/** The multi-stop loads (their spec fields are their first and last stop's), made once each. */
async function ensureMultiStopLoads(request, customers, trucks, drivers) {
  const shipper = CUSTOMERS.find(({ record }) => record.type === 'shipper').record;
  await ensure(request, 'loads', 'loadNumber', MULTI_STOP_LOADS, ({ driver: index, stops, ...load }) => {
    const driver = DRIVERS[index];
    return {
      ...load,
      customerId: idOf(customers, shipper.email),
      assignedDriverId: idOf(drivers, driver.email),
      assignedTruckId: idOf(trucks, driver.assignedTruckNumber),
      pickupLocation: stops[0].location,
      pickupDate: stops[0].appointmentStart.slice(0, 10),
      deliveryLocation: stops.at(-1).location,
      deliveryDate: stops.at(-1).appointmentStart.slice(0, 10),
      weight: '38000',
      stops,
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------

async function connect(baseUrl) {
  let cookie;
  try {
    cookie = await signIn(baseUrl, DEMO_USER);
  } catch (error) {
    throw new Error(
      `Could not sign in at ${baseUrl} (${error.message}). Is the system running (npm start), with the development sign-in?`,
    );
  }
  const origin = new URL(baseUrl).origin;
  return async function request(method, path, body) {
    const response = await fetch(new URL(path, baseUrl), {
      method,
      headers: { origin, cookie, ...(body && { 'content-type': 'application/json' }) },
      body: body && JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return JSON.parse(text);
  };
}

/**
 * Creates the records of `resource` whose key the system lacks, in order; answers every record by its key (those
 * found and those created) and prints what it did. `toPayload` turns a record into its create body.
 */
async function ensure(request, resource, key, records, toPayload = (record) => record) {
  const byKey = new Map((await request('GET', `/api/${resource}`)).map((record) => [record[key].toLowerCase(), record]));
  let created = 0;
  for (const record of records) {
    if (byKey.has(record[key].toLowerCase())) continue;
    byKey.set(record[key].toLowerCase(), await request('POST', `/api/${resource}`, toPayload(record)));
    created += 1;
  }
  console.log(`  ${resource.padEnd(10)} ${String(created).padStart(3)} created, ${records.length - created} already there`);
  return byKey;
}

const idOf = (records, key) => (key ? records.get(key.toLowerCase()).id : null);

// ---------------------------------------------------------------------------------------------------------------
// Safety & Compliance: inspections of every type (some failed, with their defects), a few accidents and violations.
// None has a unique number, so each is looked up by what makes it one of ours: an inspection by its truck and type,
// an accident by its police report number, a violation by its driver and type. Drivers and trucks by their index:
// driver i drives truck T-(101 + i).

const INSPECTIONS = [
  [0, 'Pre-Trip', -1, 'Passed', null, 'James Carter'],
  [1, 'Post-Trip', -2, 'Passed', null, 'Maria Gonzalez'],
  [2, 'Annual', -41, 'Passed', null, 'Midwest Fleet Services, Joliet'],
  [3, 'DOT', -12, 'Failed', 'Left rear brake chamber leaking air; two steer tire tread depths under 4/32".', 'Officer R. Alvarez, Illinois State Police'],
  [4, 'Roadside', -5, 'Passed', null, 'Officer K. Wright, Indiana State Police'],
  [5, 'Pre-Trip', 0, 'Pending', null, null],
  [6, 'DOT', -20, 'Passed', null, 'Midwest Fleet Services, Joliet'],
  [7, 'Roadside', -8, 'Failed', 'Driver-side headlamp out; cracked windshield in the wiper sweep area.', 'Trooper M. Delgado, Texas DPS'],
  [8, 'Annual', -88, 'Passed', null, 'Midwest Fleet Services, Joliet'],
  [9, 'Post-Trip', -1, 'Failed', 'Trailer clearance marker light out (rear, curb side).', 'Mei Chen'],
  [10, 'Pre-Trip', 0, 'Passed', null, 'Richard Jackson'],
  [11, 'DOT', -3, 'Pending', 'Slack adjuster out of adjustment, axle 3; sent to the shop for re-check.', 'Officer P. Novak, Wisconsin State Patrol'],
];

const ACCIDENTS = [
  { driver: 2, truck: 2, load: 'LD-24030', accidentDate: -34, location: 'W Roosevelt Rd & S Canal St, Chicago, IL', severity: 'Minor', status: 'Closed',
    description: 'Trailer clipped a parked car while turning right into the dock entrance.', injuriesReported: 0,
    policeReportNumber: 'CPD-26-044170', insuranceClaimNumber: 'CLM-883120', estimatedCost: money(185000) },
  { driver: 6, truck: 6, load: null, accidentDate: -9, location: 'I-80 EB near mile marker 132, Joliet, IL', severity: 'Moderate', status: 'Under Investigation',
    description: 'Rear-ended by a passenger car in stop-and-go traffic; the other driver was taken to hospital with minor injuries.', injuriesReported: 1,
    policeReportNumber: 'ISP-26-118204', insuranceClaimNumber: 'CLM-884517', estimatedCost: money(1240000) },
  { driver: 13, truck: null, load: 'LD-24100', accidentDate: -2, location: 'I-35 SB near exit 85, Waco, TX', severity: 'Severe', status: 'Reported',
    description: 'Jackknifed on a wet overpass after braking for a stalled vehicle; trailer and cargo damaged.', injuriesReported: 2,
    policeReportNumber: 'TXDPS-26-55012', insuranceClaimNumber: null, estimatedCost: money(4850000) },
  { driver: 9, truck: 9, load: null, accidentDate: -61, location: 'Walmart DC 6094, Tomah, WI', severity: 'Minor', status: 'Closed',
    description: "Backed into a dock bumper; minor damage to the trailer's rear door.", injuriesReported: 0,
    policeReportNumber: 'TPD-26-00931', insuranceClaimNumber: null, estimatedCost: null },
];

const VIOLATIONS = [
  { driver: 0, truck: 0, violationType: 'Speeding', violationDate: -15, location: 'I-65 NB near Lafayette, IN', status: 'Paid',
    description: 'Speeding: 72 mph in a 55 mph work zone.', citationNumber: 'IN-4471203', fineAmount: money(25000), points: 3, dueDate: -1 },
  { driver: 4, truck: 4, violationType: 'HOS', violationDate: -7, location: 'Weigh station, I-94 near Kenosha, WI', status: 'Pending',
    description: '11-hour driving limit exceeded by 45 minutes.', citationNumber: 'WI-2290117', fineAmount: money(50000), points: 2, dueDate: 23 },
  { driver: 8, truck: 8, violationType: 'Equipment', violationDate: -21, location: 'I-57 SB near Effingham, IL', status: 'Dismissed',
    description: 'Inoperative brake lamp on the trailer; repaired on the spot.', citationNumber: 'IL-7781034', fineAmount: null, points: 0, dueDate: null },
  { driver: 11, truck: 11, violationType: 'Weight', violationDate: -4, location: 'Port of entry, I-10 near Ehrenberg, AZ', status: 'Contested',
    description: 'Gross weight 82,350 lbs, over the 80,000 lbs limit.', citationNumber: 'AZ-551902', fineAmount: money(117500), points: 0, dueDate: 26 },
  { driver: 15, truck: null, violationType: 'DOT', violationDate: -30, location: 'Roadside inspection, I-70 near Hays, KS', status: 'Pending',
    description: 'Record of duty status: shipping document number missing.', citationNumber: null, fineAmount: null, points: 1, dueDate: null },
];

/** Creates the safety records the system lacks, each looked up by `keyOf` (of a planned record and of a stored one). */
async function ensureSafetyRecords(request, resource, records, keyOf) {
  const existing = new Set((await request('GET', `/api/${resource}`)).map(keyOf));
  let created = 0;
  for (const record of records) {
    if (existing.has(keyOf(record))) continue;
    await request('POST', `/api/${resource}`, record);
    existing.add(keyOf(record));
    created += 1;
  }
  console.log(`  ${resource.padEnd(10)} ${String(created).padStart(3)} created, ${records.length - created} already there`);
}

async function ensureSafety(request, trucks, drivers) {
  const loads = new Map((await request('GET', '/api/loads')).map((load) => [load.loadNumber, load.id]));
  const truckId = (index) => (index === null ? null : idOf(trucks, TRUCKS[index].truckNumber));
  const driverId = (index) => idOf(drivers, DRIVERS[index].email);
  // Every truck's annual inspection (49 CFR 396.17), as its maintenance records show it, unless INSPECTIONS has one.
  const annual = TRUCKS.map((truck, index) => [index, 'Annual', annualInspectionDay(index), 'Passed', null, 'Midwest Fleet Services, Joliet'])
    .filter(([index]) => TRUCKS[index].status !== 'out-of-service' && !INSPECTIONS.some(([other, type]) => other === index && type === 'Annual'));
  await ensureSafetyRecords(
    request,
    'inspections',
    [...INSPECTIONS, ...annual].map(([index, inspectionType, date, status, defects, performedBy]) => ({
      truckId: truckId(index), driverId: driverId(index), inspectionType, inspectionDate: day(date), status, defects, performedBy, notes: null,
    })),
    (inspection) => `${inspection.truckId}|${inspection.inspectionType}`,
  );
  await ensureSafetyRecords(
    request,
    'accidents',
    ACCIDENTS.map(({ driver, truck, load, accidentDate, ...accident }) => ({
      ...accident, driverId: driverId(driver), truckId: truckId(truck), loadId: (load && loads.get(load)) ?? null, accidentDate: day(accidentDate),
    })),
    (accident) => accident.policeReportNumber,
  );
  await ensureSafetyRecords(
    request,
    'violations',
    VIOLATIONS.map(({ driver, truck, violationDate, dueDate, ...violation }) => ({
      ...violation, driverId: driverId(driver), truckId: truckId(truck), violationDate: day(violationDate), dueDate: dueDate === null ? null : day(dueDate),
    })),
    (violation) => `${violation.driverId}|${violation.violationType}`,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Maintenance and fuel: a year of service history for every truck and a month of fuel purchases at real truck
// stops. Drawn from a generator of their own, so the records above stay the same. Every truck's last PM service
// says when the next is due; one truck's is overdue. Looked up by their repair order and receipt numbers.

const fleetRandom = seededRandom(20261122);
const fleetBetween = (min, max) => min + Math.floor(fleetRandom() * (max - min + 1));
const fleetPick = (items) => items[Math.floor(fleetRandom() * items.length)];

/** The truck whose PM service is overdue: T-112 was last serviced 100 days ago, due 10 days ago. */
const OVERDUE_TRUCK = 11;
/**
 * The day (from today) of each truck's last annual inspection: spread over the past year, so a few trucks fall due
 * within 30 days and show under 'Needs Attention'; out-of-service trucks are not inspected.
 */
const annualInspectionDay = (index) => -(5 + ((index * 97) % 356));
const PM_INTERVAL_DAYS = 90;
const PM_INTERVAL_MILES = 25000;

/** Each truck's odometer a year ago and the miles it runs a day (spares and box trucks less). */
const ODOMETERS = TRUCKS.map((truck, index) => ({
  start: fleetBetween(90, 620) * 1000 + fleetBetween(0, 999),
  perDay: truck.type === 'Box Truck' ? fleetBetween(110, 160) : index < DRIVEN_TRUCKS ? fleetBetween(420, 560) : fleetBetween(180, 260),
}));
const odometerOn = (index, days) => ODOMETERS[index].start + ODOMETERS[index].perDay * (365 + days);

const SHOPS = {
  pm: ['Rush Truck Centers, Chicago', 'Midwest Fleet Services, Joliet', 'TA Truck Service, Gary', "Love's Truck Care, Joplin", 'In-house shop'],
  tires: ['Goodyear Commercial Tire, Chicago', "Love's Truck Care, Joplin", 'TA Truck Service, Gary'],
  brakes: ['FleetPride, Chicago', 'Midwest Fleet Services, Joliet', 'Rush Truck Centers, Chicago'],
  engine: ['Cummins Sales and Service, Joliet', 'Rush Truck Centers, Chicago'],
  inspection: ['Midwest Fleet Services, Joliet', 'In-house shop'],
};
/** [type, description, cost range in dollars, shops] of the services a truck may need besides its PM. */
const REPAIRS = [
  ['Tire Rotation', 'Rotated steer and drive tires; checked pressures and tread depths', [120, 260], SHOPS.tires],
  ['Oil Change', 'Engine oil and filter change, 15W-40; fuel filters replaced', [310, 460], SHOPS.pm],
  ['Brake Service', 'Replaced brake shoes and drums on the drive axles; adjusted slack adjusters', [1400, 3200], SHOPS.brakes],
  ['Engine Repair', 'Replaced EGR cooler and gaskets after a coolant leak', [3500, 9800], SHOPS.engine],
  ['Transmission', 'Replaced clutch and rebuilt the transmission input shaft', [4200, 9500], SHOPS.engine],
  ['Other', 'Replaced the cab A/C compressor and recharged the system', [650, 1900], SHOPS.pm],
];

const dollars = (min, max) => money(fleetBetween(min * 100, max * 100));

function planMaintenance() {
  const records = [];
  const add = (index, record) => records.push({ truckNumber: TRUCKS[index].truckNumber, ...record });
  TRUCKS.forEach((truck, index) => {
    // PM service every 90 days back from the last one (within the last 90 days, or 100 days ago for the overdue truck).
    const last = index === OVERDUE_TRUCK ? -100 : -fleetBetween(0, PM_INTERVAL_DAYS - 1);
    const services = [];
    for (let serviced = last; serviced >= -365; serviced -= PM_INTERVAL_DAYS) services.unshift(serviced);
    for (const serviced of services) {
      const mileage = odometerOn(index, serviced);
      const latest = serviced === last;
      add(index, {
        maintenanceType: 'PM Service', serviceDate: day(serviced), mileage, cost: dollars(450, 850), vendor: fleetPick(SHOPS.pm),
        description: 'PM-A: oil and filters, chassis lube, brake and tire inspection', status: 'Completed',
        nextServiceMileage: mileage + PM_INTERVAL_MILES, nextServiceDate: latest ? day(serviced + PM_INTERVAL_DAYS) : null,
      });
    }
    // The annual inspection, due again a year on (also on Safety: see ensureSafety).
    const inspected = annualInspectionDay(index);
    add(index, {
      maintenanceType: 'Inspection', serviceDate: day(inspected), mileage: odometerOn(index, inspected), cost: dollars(150, 300),
      vendor: fleetPick(SHOPS.inspection), description: 'Annual DOT inspection (49 CFR 396.17): passed', status: 'Completed',
      nextServiceMileage: null, nextServiceDate: day(inspected + 365),
    });
    // A repair or two over the year.
    for (let repair = 0; repair < fleetBetween(0, 2); repair += 1) {
      const [maintenanceType, description, [min, max], shops] = fleetPick(REPAIRS);
      const repaired = -fleetBetween(10, 350);
      add(index, {
        maintenanceType, serviceDate: day(repaired), mileage: odometerOn(index, repaired), cost: dollars(min, max), vendor: fleetPick(shops),
        description, status: 'Completed', nextServiceMileage: null, nextServiceDate: null,
      });
    }
  });
  // In the shop now (T-128, T-129), parked (T-130), and coming up.
  add(27, { maintenanceType: 'Engine Repair', serviceDate: day(-2), mileage: odometerOn(27, -2), cost: money(684000), vendor: SHOPS.engine[0],
    description: 'Diagnosing low power and black smoke; replacing the turbocharger', status: 'In Progress', nextServiceMileage: null, nextServiceDate: null });
  add(28, { maintenanceType: 'Transmission', serviceDate: day(-1), mileage: odometerOn(28, -1), cost: money(512500), vendor: SHOPS.engine[1],
    description: 'Grinding in 9th and 10th gear; transmission out for rebuild', status: 'In Progress', nextServiceMileage: null, nextServiceDate: null });
  add(29, { maintenanceType: 'Other', serviceDate: day(6), mileage: null, cost: money(1450000), vendor: SHOPS.engine[0],
    description: 'Replacement engine on order after a cracked block', status: 'Scheduled', nextServiceMileage: null, nextServiceDate: null });
  add(3, { maintenanceType: 'Tire Rotation', serviceDate: day(4), mileage: null, cost: money(21000), vendor: SHOPS.tires[0],
    description: 'Rotate steer tires; replace the left steer tire (cupping)', status: 'Scheduled', nextServiceMileage: null, nextServiceDate: null });
  add(8, { maintenanceType: 'Brake Service', serviceDate: day(9), mileage: null, cost: money(185000), vendor: SHOPS.brakes[0],
    description: 'Trailer brake job after the roadside inspection', status: 'Scheduled', nextServiceMileage: null, nextServiceDate: null });
  add(16, { maintenanceType: 'Oil Change', serviceDate: day(-30), mileage: null, cost: money(38500), vendor: SHOPS.pm[1],
    description: 'Oil change moved into the PM service', status: 'Cancelled', nextServiceMileage: null, nextServiceDate: null });
  return records.map((record, index) => ({ ...record, invoiceNumber: `RO-${31001 + index}` }));
}

/** Real truck stops, by chain: [vendor, 'City, State', note]. */
const TRUCK_STOPS = [
  ['Pilot', 'Gary, IN', 'Pilot Travel Center, I-80/94'], ['Pilot', 'Knoxville, TN', 'Pilot Travel Center, I-40'],
  ["Love's", 'Joplin, MO', "Love's Travel Stop, I-44"], ["Love's", 'Oklahoma City, OK', "Love's Travel Stop, I-40"],
  ['Shell', 'Memphis, TN', null], ['TA', 'Walcott, IA', 'Iowa 80 Truckstop, I-80 exit 284'], ['TA', 'Ontario, CA', 'TA Ontario, I-10'],
  ['Petro', 'Effingham, IL', 'Petro Stopping Center, I-57/70'], ['Petro', 'Laredo, TX', 'Petro Stopping Center, I-35'],
  ['Flying J', 'Salt Lake City, UT', 'Flying J Travel Center, I-215'], ['Speedway', 'Columbus, OH', null], ['Other', 'Tomah, WI', 'Kwik Trip, I-94'],
];
const FUEL_DAYS = 30;

function planFuel() {
  const purchases = [];
  DRIVERS.forEach((driver, index) => {
    if (!driver.assignedTruckNumber || index >= DRIVEN_TRUCKS) return;
    const truckIndex = TRUCKS.findIndex((truck) => truck.truckNumber === driver.assignedTruckNumber);
    const boxTruck = TRUCKS[truckIndex].type === 'Box Truck';
    const cardNumber = String(fleetBetween(0, 9999)).padStart(4, '0');
    for (let filled = -FUEL_DAYS + fleetBetween(0, 2); filled <= 0; filled += fleetBetween(2, 4)) {
      const [vendor, location, notes] = fleetPick(TRUCK_STOPS);
      const common = { truckNumber: driver.assignedTruckNumber, driverEmail: driver.email, transactionDate: day(filled), vendor, location, cardNumber };
      const odometerReading = odometerOn(truckIndex, filled);
      purchases.push({
        ...common, fuelType: 'Diesel', odometerReading, notes,
        gallons: `${boxTruck ? fleetBetween(38, 72) : fleetBetween(88, 186)}.${String(fleetBetween(0, 999)).padStart(3, '0')}`,
        pricePerGallon: `3.${fleetBetween(52, 99)}9`,
      });
      // DEF about every third fill.
      if (!boxTruck && fleetRandom() < 0.33) {
        purchases.push({ ...common, fuelType: 'DEF', odometerReading, notes: null, gallons: `${fleetBetween(5, 14)}.${String(fleetBetween(0, 999)).padStart(3, '0')}`, pricePerGallon: `3.${fleetBetween(49, 89)}9` });
      }
    }
  });
  return purchases.map((purchase, index) => ({ ...purchase, receiptNumber: `R-${460001 + index}` }));
}

/**
 * As `ensure`, for records whose key is optional (a repair order, a receipt number): those the users saved without
 * one are left alone.
 */
async function ensureByOptionalKey(request, resource, key, records, toPayload) {
  const stored = (await request('GET', `/api/${resource}`)).filter((record) => record[key]);
  const byKey = new Map(stored.map((record) => [record[key].toLowerCase(), record]));
  let created = 0;
  for (const record of records) {
    if (byKey.has(record[key].toLowerCase())) continue;
    byKey.set(record[key].toLowerCase(), await request('POST', `/api/${resource}`, toPayload(record)));
    created += 1;
  }
  console.log(`  ${resource.padEnd(10)} ${String(created).padStart(3)} created, ${records.length - created} already there`);
  return records.map((record) => byKey.get(record[key].toLowerCase()));
}

async function ensureFleetOperations(request, trucks, drivers) {
  await ensureByOptionalKey(request, 'maintenance', 'invoiceNumber', planMaintenance(), ({ truckNumber, ...record }) => ({
    ...record,
    truckId: idOf(trucks, truckNumber),
  }));
  // A purchase made during a load of its truck is charged to that load.
  const loads = (await request('GET', '/api/loads')).filter((load) => load.assignedTruckId);
  const loadOf = (truckId, date) => loads.find((load) => load.assignedTruckId === truckId && load.pickupDate <= date && date <= load.deliveryDate)?.id ?? null;
  const fuel = await ensureByOptionalKey(request, 'fuel', 'receiptNumber', planFuel(), ({ truckNumber, driverEmail, ...purchase }) => ({
    ...purchase,
    truckId: idOf(trucks, truckNumber),
    driverId: idOf(drivers, driverEmail),
    loadId: loadOf(idOf(trucks, truckNumber), purchase.transactionDate),
    totalCost: fuelTotalCost(purchase.gallons, purchase.pricePerGallon),
  }));
  const spent = formatDollars(sumMoney(fuel.map((purchase) => purchase.totalCost)));
  console.log(`  Fuel bought over the last ${FUEL_DAYS} days: ${spent}.`);
}

// ---------------------------------------------------------------------------------------------------------------
// Accounting: an invoice for every delivered or invoiced load (invoiced ones mostly paid, some overdue), their
// payments, a quarter of expenses and a month of weekly driver settlements. Keys: invoice number (from the load
// number), payment reference number, expense description, settlement number. Its own seeded generator, so that the
// other domains' records stay the same whatever is added here.

const accountingRandom = seededRandom(20260310);
const accountingBetween = (min, max) => min + Math.floor(accountingRandom() * (max - min + 1));
const accountingPick = (items) => items[Math.floor(accountingRandom() * items.length)];
const addDays = (isoDay, days) => new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * 86400000).toISOString().slice(0, 10);

/** Every third delivered load is not billed yet: its row menu on Loads offers 'Create Invoice'. */
const awaitsInvoice = (load) => load.status === 'delivered' && Number(load.loadNumber.slice(3)) % 3 === 0;

function planInvoices(loads) {
  const billed = loads.filter((load) => load.status === 'invoiced' || load.status === 'delivered');
  billed.sort((a, b) => a.loadNumber.localeCompare(b.loadNumber));
  const invoices = billed.map((load) => {
    const invoiceDate = addDays(load.deliveryDate, 1);
    const dueDate = addDays(invoiceDate, 30);
    const overdue = dueDate < day(0);
    const status =
      load.status === 'delivered' ? accountingPick(['draft', 'sent', 'sent'])
      : accountingRandom() < 0.7 ? 'paid'
      : overdue ? 'overdue'
      : 'sent';
    return {
      invoiceNumber: `INV-${load.loadNumber.slice(3)}`,
      loadId: load.id,
      customerId: load.customerId,
      status,
      invoiceDate,
      dueDate,
      subtotal: load.rate,
      tax: '0',
      total: load.rate,
      notes: null,
    };
  });
  // Filtered after every status is drawn, so that the others' statuses stay as they were.
  return invoices.filter((_, index) => !awaitsInvoice(billed[index]));
}

/** Paid invoices were paid in full; a few sent ones in part (a deposit). */
function planPayments(invoices) {
  // In invoice-number order, so that every run makes the same choices whatever order the list came in.
  const sorted = [...invoices].sort((a, b) => a.invoiceNumber.localeCompare(b.invoiceNumber));
  return sorted.flatMap((invoice) => {
    const method = accountingPick(['ACH', 'ACH', 'Check', 'Wire']);
    if (invoice.status === 'paid') {
      return [{ invoiceId: invoice.id, customerId: invoice.customerId, amount: invoice.total, paymentDate: addDays(invoice.invoiceDate, accountingBetween(7, 28)), paymentMethod: method, referenceNumber: `PMT-${invoice.invoiceNumber.slice(4)}` }];
    }
    if (invoice.status === 'sent' && accountingRandom() < 0.3) {
      const cents = BigInt(Math.round(Number(invoice.total.replace('.', '')) / 4));
      return [{ invoiceId: invoice.id, customerId: invoice.customerId, amount: centsToMoney(cents), paymentDate: addDays(invoice.invoiceDate, 5), paymentMethod: method, referenceNumber: `PMT-${invoice.invoiceNumber.slice(4)}-D` }];
    }
    return [];
  });
}

const FUEL_STOPS = ['Pilot #412, Joliet IL', "Love's #551, Effingham IL", 'TA Gary, IN', 'Flying J #705, Oklahoma City OK', 'Petro Rochelle, IL'];
const TOLL_ROADS = ['Illinois Tollway I-90', 'Indiana Toll Road', 'Ohio Turnpike', 'Pennsylvania Turnpike'];

/** A quarter of running costs: fuel and tolls most days, shop visits, monthly insurance, driver bonuses. */
function planExpenses(loads) {
  const recentLoads = loads.filter((load) => load.status !== 'pending');
  const expenses = [];
  for (let daysAgo = 90; daysAgo >= 1; daysAgo -= 1) {
    const date = day(-daysAgo);
    const load = accountingPick(recentLoads);
    if (daysAgo % 3 === 0) {
      const stop = accountingPick(FUEL_STOPS);
      expenses.push({ expenseDate: date, category: 'Fuel', description: `Diesel at ${stop} (receipt F-${date.replaceAll('-', '')})`, amount: money(accountingBetween(38000, 98000) + accountingPick([0, 9, 37, 61])), vendor: stop.split(',')[0], paymentMethod: 'Credit Card', loadId: load?.id ?? null });
    }
    if (daysAgo % 4 === 0) {
      const road = accountingPick(TOLL_ROADS);
      expenses.push({ expenseDate: date, category: 'Tolls', description: `${road} tolls (receipt T-${date.replaceAll('-', '')})`, amount: money(accountingBetween(1200, 9800)), vendor: road, paymentMethod: 'ACH', loadId: load?.id ?? null });
    }
    if (daysAgo % 11 === 0) {
      expenses.push({ expenseDate: date, category: 'Maintenance', description: `PM service and tires (work order M-${date.replaceAll('-', '')})`, amount: money(accountingBetween(45000, 260000)), vendor: 'Midwest Fleet Services', paymentMethod: 'Check', loadId: null });
    }
    if (daysAgo % 30 === 0) {
      expenses.push({ expenseDate: date, category: 'Insurance', description: `Cargo and liability premium (${date.slice(0, 7)})`, amount: money(645000), vendor: 'Great West Casualty', paymentMethod: 'ACH', loadId: null });
    }
    if (daysAgo % 14 === 5) {
      expenses.push({ expenseDate: date, category: 'Driver Pay', description: `Safety bonus pool (${date})`, amount: money(accountingBetween(20000, 60000)), vendor: null, paymentMethod: 'ACH', loadId: null });
    }
  }
  return expenses;
}

/** Four weeks of settlements (Monday to Sunday) for the drivers on duty: the older weeks paid, the last one pending. */
function planSettlements(drivers) {
  const today = new Date(`${day(0)}T00:00:00Z`);
  const lastSunday = addDays(day(0), -((today.getUTCDay() + 7) % 7 || 7));
  const onDuty = [...drivers.values()].filter((driver) => driver.status === 'on-duty').sort((a, b) => a.email.localeCompare(b.email)).slice(0, 12);
  return [3, 2, 1, 0].flatMap((weeksBack) => {
    const periodEnd = addDays(lastSunday, -7 * weeksBack);
    const periodStart = addDays(periodEnd, -6);
    return onDuty.map((driver, index) => {
      const miles = accountingBetween(1800, 3200);
      const revenueCents = miles * accountingBetween(250, 320);
      const payCents = miles * 62;
      const deductionCents = accountingPick([0, 0, 2500, 7500, 15000]);
      const status = weeksBack >= 2 ? 'Paid' : weeksBack === 1 ? accountingPick(['Approved', 'Paid']) : 'Pending';
      return {
        driverId: driver.id,
        settlementNumber: `SETTLE-${periodEnd.replaceAll('-', '')}-${String((index * 733 + weeksBack * 97 + 1000) % 10000).padStart(4, '0')}`,
        periodStart,
        periodEnd,
        totalMiles: miles,
        totalRevenue: money(revenueCents),
        driverPay: money(payCents),
        deductions: money(deductionCents),
        netPay: money(payCents - deductionCents),
        status,
        ...(status === 'Paid' && { paidDate: addDays(periodEnd, 5), paymentMethod: 'ACH' }),
      };
    });
  });
}

async function ensureAccounting(request, drivers) {
  const loads = await request('GET', '/api/loads');
  const invoices = await ensure(request, 'invoices', 'invoiceNumber', planInvoices(loads));
  // Payments recorded by hand may have no reference number: only ours are looked up by it.
  await ensureByOptionalKey(request, 'payments', 'referenceNumber', planPayments([...invoices.values()]), (payment) => payment);
  await ensure(request, 'expenses', 'description', planExpenses(loads));
  await ensure(request, 'settlements', 'settlementNumber', planSettlements(drivers));
  const paid = [...invoices.values()].filter((invoice) => invoice.status === 'paid');
  console.log(`  Revenue of the ${paid.length} paid invoices: ${formatDollars(sumMoney(paid.map((invoice) => invoice.total)))}.`);
}

// ---------------------------------------------------------------------------------------------------------------
// GPS: a device per truck (bound to the truck and its driver), each playing the last few hours of positions: along
// its in-transit load's route, else parked where its last load ended. A device is looked up by its name; its token is
// shown only when it is registered, so a device already there has played its positions and is left alone.

const CITY_COORDINATES = {
  'Chicago, IL': [41.8781, -87.6298], 'Dallas, TX': [32.7767, -96.797], 'Atlanta, GA': [33.749, -84.388], 'Miami, FL': [25.7617, -80.1918],
  'Los Angeles, CA': [34.0522, -118.2437], 'Phoenix, AZ': [33.4484, -112.074], 'Houston, TX': [29.7604, -95.3698], 'Memphis, TN': [35.1495, -90.049],
  'Denver, CO': [39.7392, -104.9903], 'Salt Lake City, UT': [40.7608, -111.891], 'Seattle, WA': [47.6062, -122.3321], 'Portland, OR': [45.5152, -122.6784],
  'Columbus, OH': [39.9612, -82.9988], 'Charlotte, NC': [35.2271, -80.8431], 'Kansas City, MO': [39.0997, -94.5786], 'Indianapolis, IN': [39.7684, -86.1581],
  'Nashville, TN': [36.1627, -86.7816], 'Newark, NJ': [40.7357, -74.1724], 'Boston, MA': [42.3601, -71.0589], 'Laredo, TX': [27.5306, -99.4803],
  'Fresno, CA': [36.7378, -119.7871], 'Jacksonville, FL': [30.3322, -81.6557], 'Louisville, KY': [38.2527, -85.7585], 'St. Louis, MO': [38.627, -90.1994],
  'Minneapolis, MN': [44.9778, -93.265], 'Milwaukee, WI': [43.0389, -87.9065], 'New Orleans, LA': [29.9511, -90.0715], 'Ontario, CA': [34.0633, -117.6509],
  'Las Vegas, NV': [36.1699, -115.1398], 'Harrisburg, PA': [40.2732, -76.8867], 'Omaha, NE': [41.2565, -95.9345], 'Savannah, GA': [32.0809, -81.0912],
  'Albuquerque, NM': [35.0844, -106.6504], 'Boise, ID': [43.615, -116.2023], 'Detroit, MI': [42.3314, -83.0458], 'Richmond, VA': [37.5407, -77.436],
  'Oklahoma City, OK': [35.4676, -97.5164], 'El Paso, TX': [31.7619, -106.485], 'Baton Rouge, LA': [30.4515, -91.1871],
};
const GPS_HOURS = 4;
const GPS_EVERY_MINUTES = 5;

/** Where a truck is `fraction` of the way along a lane (straight between the cities: enough for a demo map). */
const along = ([lat1, lon1], [lat2, lon2], fraction) => [lat1 + (lat2 - lat1) * fraction, lon1 + (lon2 - lon1) * fraction];
const bearing = ([lat1, lon1], [lat2, lon2]) => {
  const rad = Math.PI / 180;
  const y = Math.sin((lon2 - lon1) * rad) * Math.cos(lat2 * rad);
  const x = Math.cos(lat1 * rad) * Math.sin(lat2 * rad) - Math.sin(lat1 * rad) * Math.cos(lat2 * rad) * Math.cos((lon2 - lon1) * rad);
  return Math.round((Math.atan2(y, x) / rad + 360) % 360) % 360;
};

/** The positions a truck's device reports over the last GPS_HOURS, oldest first. */
function planTrack(load, lastLoad, now) {
  const steps = (GPS_HOURS * 60) / GPS_EVERY_MINUTES;
  const lane = load && LANES.find(([from, to]) => from === load.pickupLocation && to === load.deliveryLocation);
  const parkedAt = CITY_COORDINATES[lastLoad?.deliveryLocation] ?? CITY_COORDINATES['Chicago, IL'];
  const start = lane ? random() * 0.5 : 0;
  return Array.from({ length: steps + 1 }, (_, step) => {
    const timestamp = new Date(now - (steps - step) * GPS_EVERY_MINUTES * 60_000).toISOString();
    if (!lane) return { latitude: +parkedAt[0].toFixed(7), longitude: +parkedAt[1].toFixed(7), timestamp, speed: 0 };
    const [from, to, miles] = lane;
    // About 55 mph: the share of the lane covered in GPS_HOURS.
    const fraction = Math.min(1, start + ((step / steps) * GPS_HOURS * 55) / miles);
    const [latitude, longitude] = along(CITY_COORDINATES[from], CITY_COORDINATES[to], fraction);
    return {
      latitude: +latitude.toFixed(7),
      longitude: +longitude.toFixed(7),
      timestamp,
      speed: fraction < 1 ? between(52, 66) : 0,
      heading: bearing(CITY_COORDINATES[from], CITY_COORDINATES[to]),
      accuracy: between(3, 12),
      loadId: load.id,
    };
  });
}

async function ensureGps(request, trucks, drivers) {
  const devices = new Set((await request('GET', '/api/devices')).map((device) => device.name));
  const loads = await request('GET', '/api/loads');
  const driverOf = new Map([...drivers.values()].filter((driver) => driver.assignedTruckId).map((driver) => [driver.assignedTruckId, driver.id]));
  const now = Date.now();
  let created = 0;
  let positions = 0;
  for (const truck of trucks.values()) {
    const name = `ELD ${truck.truckNumber}`;
    if (devices.has(name)) continue;
    const device = await request('POST', '/api/devices', { name, truckId: truck.id, driverId: driverOf.get(truck.id) ?? null });
    created += 1;
    const own = loads.filter((load) => load.assignedTruckId === truck.id);
    const inTransit = own.find((load) => load.status === 'in-transit');
    const lastDelivered = own.filter((load) => load.status === 'delivered' || load.status === 'invoiced').sort((a, b) => (a.deliveryDate < b.deliveryDate ? 1 : -1))[0];
    const track = planTrack(inTransit, lastDelivered, now);
    const response = await fetch(new URL('/api/gps', APP_URL), {
      method: 'POST',
      headers: { authorization: `Bearer ${device.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(track),
    });
    if (response.status !== 202) throw new Error(`POST /api/gps answered ${response.status}: ${await response.text()}`);
    positions += track.length;
  }
  console.log(`  devices    ${String(created).padStart(3)} created, ${trucks.size - created} already there; ${positions} positions played`);
}

// ---------------------------------------------------------------------------------------------------------------
// Money from loads: the company profile its invoices print, each driver's pay rule (most a percent of the rate,
// some per mile, a few per load), and the loaded miles of loads made before loads had them.

const COMPANY = {
  name: 'Northstar Freight Lines, Inc.',
  address: '2400 S Western Ave\nChicago, IL 60608',
  phone: '(312) 555-0100',
  email: 'billing@northstarfreight.com',
  mcNumber: 'MC-784512',
  dotNumber: '2214876',
  remitTo: 'Northstar Freight Lines, Inc.\nPO Box 88412\nChicago, IL 60680-8412',
  paymentTermsDays: 30,
  invoiceNotes: 'Thank you for shipping with Northstar. Please include the invoice number with your payment; 1.5% per month on balances past due.',
};

const PAY_RULES = [
  { payType: 'percent', payRate: '28.00' }, { payType: 'percent', payRate: '25.00' }, { payType: 'perMile', payRate: '0.620' },
  { payType: 'percent', payRate: '30.00' }, { payType: 'perMile', payRate: '0.655' }, { payType: 'perLoad', payRate: '450.00' },
];

/** The profile, unless one is saved: a carrier's own is never overwritten. */
async function ensureCompany(request) {
  const saved = await request('GET', '/api/company');
  if (saved.name) return console.log(`  company      already there (${saved.name})`);
  await request('PUT', '/api/company', COMPANY);
  console.log(`  company      profile saved (${COMPANY.name})`);
}

/** A pay rule for each driver without one. */
async function ensurePayRules(request, drivers) {
  const ruleless = DRIVERS.map((driver, index) => [drivers.get(driver.email.toLowerCase()), PAY_RULES[index % PAY_RULES.length]]).filter(([driver]) => !driver.payType);
  for (const [driver, rule] of ruleless) await request('PATCH', `/api/drivers/${driver.id}`, rule);
  console.log(`  pay rules  ${String(ruleless.length).padStart(3)} set, ${DRIVERS.length - ruleless.length} already there`);
}

/** Loaded miles for the planned loads that have none. */
async function ensureMiles(request, plannedLoads) {
  const milesOf = new Map(plannedLoads.map((load) => [load.loadNumber, load.miles]));
  const missing = (await request('GET', '/api/loads')).filter((load) => load.miles === null && milesOf.has(load.loadNumber));
  for (const load of missing) await request('PATCH', `/api/loads/${load.id}`, { miles: milesOf.get(load.loadNumber) });
  console.log(`  miles      ${String(missing.length).padStart(3)} set`);
}

console.log(`Filling ${APP_URL} with demo data, as ${DEMO_USER}:`);
try {
  const request = await connect(APP_URL);
  const customers = await ensure(request, 'customers', 'email', CUSTOMERS.map(({ record }) => record));
  const trucks = await ensure(request, 'trucks', 'truckNumber', TRUCKS);
  const drivers = await ensure(request, 'drivers', 'email', DRIVERS, ({ assignedTruckNumber, ...driver }) => ({
    ...driver,
    assignedTruckId: idOf(trucks, assignedTruckNumber),
  }));
  await ensureCompany(request);
  await ensurePayRules(request, drivers);
  const plannedLoads = planLoads();
  await ensure(request, 'loads', 'loadNumber', plannedLoads, ({ customerEmail, driverEmail, truckNumber, ...load }) => ({
    ...load,
    customerId: idOf(customers, customerEmail),
    assignedDriverId: idOf(drivers, driverEmail),
    assignedTruckId: idOf(trucks, truckNumber),
  }));
  await ensureMiles(request, plannedLoads);
  await ensureMultiStopLoads(request, customers, trucks, drivers);
  await ensureSafety(request, trucks, drivers);
  await ensureFleetOperations(request, trucks, drivers);
  await ensureAccounting(request, drivers);
  await ensureGps(request, trucks, drivers);
  const loads = await request('GET', '/api/loads');
  const revenue = formatDollars(sumMoney(loads.map((load) => load.rate)));
  console.log(`Total revenue of the ${loads.length} loads: ${revenue}. Open ${APP_URL}.`);
  printDriverAppHint(loads, await request('GET', '/api/drivers'));
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
}

/**
 * The driver app (issue 44): nobody is paired (a pairing link is made for one phone, and works once), but a driver
 * with loads under way is named, with how to pair a phone to them.
 */
function printDriverAppHint(loads, drivers) {
  const underWay = new Map();
  for (const load of loads) {
    if (load.assignedDriverId && (load.status === 'assigned' || load.status === 'in-transit')) underWay.set(load.assignedDriverId, (underWay.get(load.assignedDriverId) ?? 0) + 1);
  }
  const [driverId, count] = [...underWay].sort((a, b) => b[1] - a[1])[0] ?? [];
  const driver = drivers.find((one) => one.id === driverId);
  if (!driver) return;
  console.log(
    `The driver app: in Drivers, open the row menu of ${driver.name} (${count} load${count === 1 ? '' : 's'} under way) and choose 'Pair Phone'; ` +
      `scan the QR code with a phone, or open the link in a browser window 390 px wide. The link works once, for 15 minutes.`,
  );
}
