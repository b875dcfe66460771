/**
 * What the three safety records (inspections, accidents, violations) say alike: the references they name, and how a
 * truck or driver whose safety history they keep is refused on delete.
 */
export const SAFETY_MESSAGES = {
  truckId: 'Truck is required',
  driverId: 'Driver is required',
  truckNotFound: 'Truck not found',
  driverNotFound: 'Driver not found',
  loadNotFound: 'Load not found',
  location: 'Location is required',
  description: 'Description is required',
  /** The same refusal as the count's, when the database rather than the count found them (a record saved meanwhile). */
  truckStillHasRecords: 'This truck still has safety records. Its history is kept, so it cannot be deleted.',
  driverStillHasRecords: 'This driver still has safety records. Its history is kept, so it cannot be deleted.',
} as const;

/** The safety records as a refused delete counts them ('This truck has 2 inspections and 1 accident. ...'). */
export const SAFETY_RECORD_NAMES = {
  inspection: { one: 'inspection', many: 'inspections' },
  accident: { one: 'accident', many: 'accidents' },
  violation: { one: 'violation', many: 'violations' },
} as const;
