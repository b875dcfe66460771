import { FilePdfOutlined } from '@ant-design/icons';
import type { Settlement } from '@tms/contracts';
import { DECORATIVE_ICON, ListPage, useLookup, type RowAction } from '@tms/ui';
import { useMemo } from 'react';
import { useDownload } from '../shared/download.js';
import { SettlementDialog } from './SettlementDialog.js';
import { settlementColumns, settlementSearchFields } from './settlement-columns.js';
import { settlementStatementUrl, settlementsApi } from './settlements.api.js';
import { SETTLEMENT_STATEMENT_TEXTS, settlementTexts } from './settlement-form.js';

/** Spec 9: settlement screens show 3 skeleton rows while loading. */
const SKELETON_ROWS = 3;

/** Driver Settlements (/settlements): spec 2.11. */
export function SettlementsPage() {
  const drivers = useLookup('drivers');
  const columns = useMemo(() => settlementColumns(drivers), [drivers]);
  const searchFields = useMemo(() => settlementSearchFields(drivers), [drivers]);
  const download = useDownload();
  const rowActions = (settlement: Settlement): RowAction[] => [
    {
      key: 'download-statement',
      label: SETTLEMENT_STATEMENT_TEXTS.download,
      icon: <FilePdfOutlined {...DECORATIVE_ICON} />,
      onClick: () => download(settlementStatementUrl(settlement), SETTLEMENT_STATEMENT_TEXTS.failed),
    },
  ];
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
      rowActions={rowActions}
    />
  );
}
