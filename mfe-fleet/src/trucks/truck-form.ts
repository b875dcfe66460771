import { DEFAULT_TRUCK_STATUS, type Truck, type TruckInput } from '@tms/contracts';
import { resourceTexts, textOrNull } from '@tms/ui';

/** What the Fleet Management screen and its dialog say (spec 2.4, 2.6 and 8). */
export const truckTexts = resourceTexts({ one: 'truck', many: 'trucks', title: 'Truck' });

/** The truck dialog's fields as the inputs hold them. */
export interface TruckFormValues {
  truckNumber: string;
  type: string | undefined;
  status: string;
  licensePlate: string;
  vin: string;
  year: number | null;
  make: string;
  model: string;
}

/** The dialog's starting values: the truck being edited, or an empty truck that is available (spec 4). */
export function truckFormValues(truck: Truck | null): TruckFormValues {
  return {
    truckNumber: truck?.truckNumber ?? '',
    type: truck?.type ?? undefined,
    status: truck?.status ?? DEFAULT_TRUCK_STATUS,
    licensePlate: truck?.licensePlate ?? '',
    vin: truck?.vin ?? '',
    year: truck?.year ?? null,
    make: truck?.make ?? '',
    model: truck?.model ?? '',
  };
}

/** The body of POST/PATCH /api/trucks: the form's fields, empty optional ones as null. */
export function truckPayload(values: TruckFormValues): TruckInput {
  return {
    truckNumber: values.truckNumber ?? '',
    type: values.type ?? '',
    status: values.status as TruckInput['status'],
    licensePlate: values.licensePlate ?? '',
    vin: textOrNull(values.vin),
    year: values.year ?? null,
    make: textOrNull(values.make),
    model: textOrNull(values.model),
  };
}
