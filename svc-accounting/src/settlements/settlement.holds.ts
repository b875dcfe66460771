import { SETTLEMENT_MESSAGES } from '@tms/contracts';
import type { HolderOf } from '@tms/service-kit';
import { SettlementEntity } from './settlement.entity.js';

/** A settlement pays a driver of svc-core for loads of svc-core, all held there while it does. */
export const SETTLEMENT_HOLDS: HolderOf<SettlementEntity> = {
  holder: 'accounting.settlements',
  entity: SettlementEntity,
  references: (settlement) => [
    { field: 'driverId', kind: 'driver', id: settlement.driverId, message: SETTLEMENT_MESSAGES.driverNotFound },
    ...(settlement.loadIds ?? []).map((id) => ({ field: 'loadIds', kind: 'load' as const, id, message: SETTLEMENT_MESSAGES.loadNotFound })),
  ],
};
