import type { Settlement } from '@tms/contracts';
import { ListPage, useLookup } from '@tms/ui';
import { useMemo } from 'react';
import { SettlementDialog } from './SettlementDialog.js';
import { settlementColumns, settlementSearchFields } from './settlement-columns.js';
import { settlementsApi } from './settlements.api.js';
import { settlementTexts } from './settlement-form.js';

/** Spec 9: settlement screens show 3 skeleton rows while loading. */
const SKELETON_ROWS = 3;

/** Driver Settlements (/settlements): spec 2.11. */
export function SettlementsPage() {
  const drivers = useLookup('drivers');
  const columns = useMemo(() => settlementColumns(drivers), [drivers]);
  const searchFields = useMemo(() => settlementSearchFields(drivers), [drivers]);
  return (
    <ListPage<Settlement>
      title="Driver Settlements"
      subtitle="Manage driver payroll and payments"
      texts={settlementTexts}
      api={settlementsApi}
      columns={columns}
      searchFields={searchFields}
      dialog={SettlementDialog}
      skeletonRows={SKELETON_ROWS}
      addFromEmptyState
    />
  );
}
