import { SETTLEMENT_MESSAGES } from '@tms/contracts';
import type { HolderOf } from '@tms/service-kit';
import { SettlementEntity } from './settlement.entity.js';

/** A settlement pays a driver of svc-core, held there while it does. */
export const SETTLEMENT_HOLDS: HolderOf<SettlementEntity> = {
  holder: 'accounting.settlements',
  entity: SettlementEntity,
  references: (settlement) => [{ field: 'driverId', kind: 'driver', id: settlement.driverId, message: SETTLEMENT_MESSAGES.driverNotFound }],
};
