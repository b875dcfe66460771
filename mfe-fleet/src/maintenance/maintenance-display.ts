import type { MaintenanceRecord, MaintenanceType, Truck } from '@tms/contracts';
import type { BadgeColor } from '@tms/ui';
import dayjs from 'dayjs';

/** Spec 2.12: a colour per maintenance type; a type not in the list is gray. */
export const MAINTENANCE_TYPE_COLORS: Record<MaintenanceType, BadgeColor> = {
  'Oil Change': 'amber',
  'Tire Rotation': 'cyan',
  'Brake Service': 'red',
  'Engine Repair': 'orange',
  Transmission: 'purple',
  Inspection: 'green',
  'PM Service': 'blue',
  Other: 'gray',
};

export const maintenanceTypeColor = (type: string): BadgeColor =>
  Object.hasOwn(MAINTENANCE_TYPE_COLORS, type) ? MAINTENANCE_TYPE_COLORS[type as MaintenanceType] : MAINTENANCE_TYPE_COLORS.Other;

/** Spec 2.12: a truck as 'number - type'. */
export const truckLabel = (truck: Pick<Truck, 'truckNumber' | 'type'>) => `${truck.truckNumber} - ${truck.type}`;

/** Today as 'YYYY-MM-DD', on the user's calendar. */
export const today = () => dayjs().format('YYYY-MM-DD');

/** Spec 2.12: a next service whose day has passed is overdue (due today is not yet). */
export const isOverdue = (nextServiceDate: string | null | undefined, on: string = today()) =>
  Boolean(nextServiceDate) && nextServiceDate!.slice(0, 10) < on;

const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Miles as the list shows them: '412,503'. */
export const formatMiles = (miles: number) => wholeNumber.format(miles);

/** What the Next Service column shows: the day (overdue or not), the mileage in 'mi', or '-' when neither. */
export function nextService(record: Pick<MaintenanceRecord, 'nextServiceDate' | 'nextServiceMileage'>, on: string = today()) {
  const { nextServiceDate, nextServiceMileage } = record;
  if (!nextServiceDate && (nextServiceMileage === null || nextServiceMileage === undefined)) return null;
  return {
    day: nextServiceDate ?? null,
    overdue: isOverdue(nextServiceDate, on),
    miles: nextServiceMileage === null || nextServiceMileage === undefined ? null : `${formatMiles(nextServiceMileage)} mi`,
  };
}
