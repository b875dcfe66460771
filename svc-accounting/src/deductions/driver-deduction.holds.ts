import { DRIVER_DEDUCTION_MESSAGES } from '@tms/contracts';
import type { ConstraintMeaning, HolderOf } from '@tms/service-kit';
import { DriverDeductionEntity } from './driver-deduction.entity.js';

/** A deduction names its driver, a driver of svc-core held there while it does. */
export const DRIVER_DEDUCTION_HOLDS: HolderOf<DriverDeductionEntity> = {
  holder: 'accounting.driver-deductions',
  entity: DriverDeductionEntity,
  references: (deduction) => [{ field: 'driverId', kind: 'driver', id: deduction.driverId, message: DRIVER_DEDUCTION_MESSAGES.driverNotFound }],
};

/** The table's constraints, as a user reads them (names from the migration). */
export const DRIVER_DEDUCTION_CONSTRAINTS: Record<string, ConstraintMeaning> = {
  driver_deductions_import_key_key: { field: 'importKey', message: DRIVER_DEDUCTION_MESSAGES.duplicateImportKey },
};
