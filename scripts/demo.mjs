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
import { centsToMoney, formatDollars, sumMoney } from '@tms/contracts';
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

console.log(`Filling ${APP_URL} with demo data, as ${DEMO_USER}:`);
try {
  const request = await connect(APP_URL);
  const customers = await ensure(request, 'customers', 'email', CUSTOMERS.map(({ record }) => record));
  const trucks = await ensure(request, 'trucks', 'truckNumber', TRUCKS);
  const drivers = await ensure(request, 'drivers', 'email', DRIVERS, ({ assignedTruckNumber, ...driver }) => ({
    ...driver,
    assignedTruckId: idOf(trucks, assignedTruckNumber),
  }));
  await ensure(request, 'loads', 'loadNumber', planLoads(), ({ customerEmail, driverEmail, truckNumber, ...load }) => ({
    ...load,
    customerId: idOf(customers, customerEmail),
    assignedDriverId: idOf(drivers, driverEmail),
    assignedTruckId: idOf(trucks, truckNumber),
  }));
  const loads = await request('GET', '/api/loads');
  const revenue = formatDollars(sumMoney(loads.map((load) => load.rate)));
  console.log(`Total revenue of the ${loads.length} loads: ${revenue}. Open ${APP_URL}.`);
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
}
