import { sumMoney, type Driver, type Load, type LoadStatus, type Truck } from '@tms/contracts';

/** Spec 2.3 and 9: the dashboard's lists show the first 5 records, in list order. */
export const DASHBOARD_LIST_LENGTH = 5;

/** Spec 9: the trend labels are fixed, in percent up. */
export const ACTIVE_LOADS_RISE_PERCENT = 12;
export const TOTAL_REVENUE_RISE_PERCENT = 22;

/** Spec 2.3: a load is active while it is assigned or in transit. */
const ACTIVE_LOAD_STATUSES: ReadonlySet<string> = new Set<LoadStatus>(['assigned', 'in-transit']);

export interface LoadFigures {
  activeLoads: number;
  totalLoads: number;
  /** The sum of every load's rate, exact to the cent, as money text ('12345.67'). */
  totalRevenue: string;
  recentLoads: Load[];
}

export interface TruckFigures {
  availableTrucks: number;
  totalTrucks: number;
  fleetStatus: Truck[];
}

export interface DriverFigures {
  activeDrivers: number;
  totalDrivers: number;
}

/** One pass over the loads; the rates are added as whole cents (sumMoney), never as JavaScript numbers. */
export function loadFigures(loads: readonly Load[]): LoadFigures {
  return {
    activeLoads: loads.filter((load) => ACTIVE_LOAD_STATUSES.has(load.status)).length,
    totalLoads: loads.length,
    totalRevenue: sumMoney(loads.map((load) => load.rate)),
    recentLoads: loads.slice(0, DASHBOARD_LIST_LENGTH),
  };
}

export function truckFigures(trucks: readonly Truck[]): TruckFigures {
  return {
    availableTrucks: trucks.filter((truck) => truck.status === 'available').length,
    totalTrucks: trucks.length,
    fleetStatus: trucks.slice(0, DASHBOARD_LIST_LENGTH),
  };
}

export function driverFigures(drivers: readonly Driver[]): DriverFigures {
  return {
    activeDrivers: drivers.filter((driver) => driver.status === 'on-duty').length,
    totalDrivers: drivers.length,
  };
}

/** A card's note: '150 total loads', '1 total truck'. */
export const totalNote = (count: number, noun: string) => `${count.toLocaleString('en-US')} total ${noun}${count === 1 ? '' : 's'}`;
