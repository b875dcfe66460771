import { CHARGE_MESSAGES } from '@tms/contracts';
import type { ConstraintMeaning } from '@tms/service-kit';

/** The constraints a charge's writes can meet, as a user reads them (names from the migration). */
export const CHARGE_CONSTRAINTS: Record<string, ConstraintMeaning> = {
  load_charges_detention_stop_key: { field: 'stopId', message: CHARGE_MESSAGES.oneDetentionPerStop },
  load_charges_stop_off_stop_key: { field: 'stopId', message: CHARGE_MESSAGES.oneStopOffPerStop },
  // Only when the stop or document is removed between the check and the save.
  load_charges_stop_id_fkey: { field: 'stopId', message: CHARGE_MESSAGES.stopId },
  load_charges_document_id_fkey: { field: 'documentId', message: CHARGE_MESSAGES.documentId },
  load_charges_load_id_fkey: { field: 'loadId', message: CHARGE_MESSAGES.loadNotFound },
};
