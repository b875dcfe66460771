import type { Driver, Load, Truck } from '@tms/contracts';
import { driverFigures, loadFigures, totalNote, truckFigures } from './dashboard-figures.js';

const load = (n: number, status: Load['status'], rate: string): Load => ({
  id: `l${n}`, loadNumber: `LD-${n}`, customerId: 'c1', status, pickupLocation: 'Chicago, IL', pickupDate: '2027-03-04',
  deliveryLocation: 'Dallas, TX', deliveryDate: '2027-03-06', rate, assignedDriverId: null, assignedTruckId: null,
  expenses: '0.00', weight: 0, commodity: null, notes: null, miles: null, stopCount: 2, stopsSummary: '',
});
const truck = (n: number, status: Truck['status']): Truck => ({
  id: `t${n}`, truckNumber: `T-${n}`, type: 'Dry Van', status, licensePlate: `P-${n}`, vin: null, year: null, make: null, model: null,
});
const driver = (n: number, status: Driver['status']) => ({ id: `d${n}`, status }) as Driver;

describe('dashboard figures', () => {
  it('counts the loads assigned or in transit among all loads, and lists the first 5 in list order', () => {
    const statuses: Load['status'][] = ['pending', 'assigned', 'in-transit', 'delivered', 'invoiced', 'in-transit', 'assigned'];
    const loads = statuses.map((status, n) => load(n, status, '100.00'));
    const figures = loadFigures(loads);
    expect(figures).toMatchObject({ activeLoads: 4, totalLoads: 7 });
    expect(figures.recentLoads.map((recent) => recent.loadNumber)).toEqual(['LD-0', 'LD-1', 'LD-2', 'LD-3', 'LD-4']);
  });

  it('adds the rates exactly to the cent, where JavaScript numbers would not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(loadFigures([load(1, 'pending', '0.10'), load(2, 'pending', '0.20')]).totalRevenue).toBe('0.30');
    const manyDimes = Array.from({ length: 10000 }, (_, n) => load(n, 'delivered', '0.10'));
    expect(loadFigures(manyDimes).totalRevenue).toBe('1000.00');
    const large = Array.from({ length: 10000 }, (_, n) => load(n, 'delivered', '99999999.99'));
    expect(loadFigures(large).totalRevenue).toBe('999999999900.00');
  });

  it('has nothing to count or list without records', () => {
    expect(loadFigures([])).toEqual({ activeLoads: 0, totalLoads: 0, totalRevenue: '0.00', recentLoads: [] });
    expect(truckFigures([])).toEqual({ availableTrucks: 0, totalTrucks: 0, fleetStatus: [] });
    expect(driverFigures([])).toEqual({ activeDrivers: 0, totalDrivers: 0 });
  });

  it('counts the available trucks and lists the first 5; counts the drivers on duty', () => {
    const trucks = (['available', 'in-use', 'available', 'maintenance', 'out-of-service', 'available'] as const).map((status, n) => truck(n, status));
    const figures = truckFigures(trucks);
    expect(figures).toMatchObject({ availableTrucks: 3, totalTrucks: 6 });
    expect(figures.fleetStatus.map((first) => first.truckNumber)).toEqual(['T-0', 'T-1', 'T-2', 'T-3', 'T-4']);
    const drivers = (['on-duty', 'available', 'off-duty', 'on-duty', 'on-leave'] as const).map((status, n) => driver(n, status));
    expect(driverFigures(drivers)).toEqual({ activeDrivers: 2, totalDrivers: 5 });
  });

  it('writes the total notes', () => {
    expect(totalNote(150, 'load')).toBe('150 total loads');
    expect(totalNote(1, 'truck')).toBe('1 total truck');
    expect(totalNote(10000, 'driver')).toBe('10,000 total drivers');
  });
});
