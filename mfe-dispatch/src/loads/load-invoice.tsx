import { FileAddOutlined } from '@ant-design/icons';
import type { Load } from '@tms/contracts';
import { DECORATIVE_ICON, type RowAction } from '@tms/ui';

/** Only a delivered load is billed from its row (issue 26). */
export const INVOICEABLE_STATUS: Load['status'] = 'delivered';

/**
 * Where a delivered load's invoice is made: Accounting's Invoices tab, which opens 'Create Invoice' filled for the
 * load named by `invoiceForLoad` (mfe-accounting's InvoiceFromLoad reads it; remotes do not import each other).
 */
export const invoiceForLoadPath = (load: Pick<Load, 'id'>) => `/accounting?${new URLSearchParams({ tab: 'invoices', invoiceForLoad: load.id })}`;

/** The row menu's 'Create Invoice', for a delivered load; nothing for any other. */
export function loadInvoiceActions(load: Pick<Load, 'id' | 'status'>, navigate: (path: string) => void): RowAction[] {
  if (load.status !== INVOICEABLE_STATUS) return [];
  return [{ key: 'create-invoice', label: 'Create Invoice', icon: <FileAddOutlined {...DECORATIVE_ICON} />, onClick: () => navigate(invoiceForLoadPath(load)) }];
}
