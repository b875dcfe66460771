import { DEFAULT_DRIVER_STATUS, type Driver, type DriverInput } from '@tms/contracts';
import { dayFromText, dayToText, resourceTexts, textOrNull } from '@tms/ui';
import type { Dayjs } from 'dayjs';

/** What the Driver Management screen and its dialog say (spec 2.4, 2.7 and 8). */
export const driverTexts = resourceTexts({ one: 'driver', many: 'drivers', title: 'Driver' });

/** The driver dialog's fields as the inputs hold them; '' in assignedTruckId is the 'None' choice. */
export interface DriverFormValues {
  name: string;
  email: string;
  phone: string;
  licenseNumber: string;
  status: string;
  licenseExpiration: Dayjs | null;
  medicalCardNumber: string;
  medicalCardExpiration: Dayjs | null;
  assignedTruckId: string;
}

/** The dialog's starting values: the driver being edited, or an empty driver who is available (spec 4). */
export function driverFormValues(driver: Driver | null): DriverFormValues {
  return {
    name: driver?.name ?? '',
    email: driver?.email ?? '',
    phone: driver?.phone ?? '',
    licenseNumber: driver?.licenseNumber ?? '',
    status: driver?.status ?? DEFAULT_DRIVER_STATUS,
    licenseExpiration: dayFromText(driver?.licenseExpiration),
    medicalCardNumber: driver?.medicalCardNumber ?? '',
    medicalCardExpiration: dayFromText(driver?.medicalCardExpiration),
    assignedTruckId: driver?.assignedTruckId ?? '',
  };
}

/** The body of POST/PATCH /api/drivers: dates as 'YYYY-MM-DD', empty optional fields (and 'None') as null. */
export function driverPayload(values: DriverFormValues): DriverInput {
  return {
    name: values.name ?? '',
    email: values.email ?? '',
    phone: values.phone ?? '',
    licenseNumber: values.licenseNumber ?? '',
    status: values.status as DriverInput['status'],
    licenseExpiration: dayToText(values.licenseExpiration),
    medicalCardNumber: textOrNull(values.medicalCardNumber),
    medicalCardExpiration: dayToText(values.medicalCardExpiration),
    assignedTruckId: values.assignedTruckId || null,
  };
}
