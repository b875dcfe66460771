import { FileAddOutlined } from '@ant-design/icons';
import { POD_DOCUMENT_TYPE, STOP_ATTENTION_MESSAGES, type Load, type LoadDocument } from '@tms/contracts';
import { api, DECORATIVE_ICON, type RowAction } from '@tms/ui';
import { App } from 'antd';

/** Only a delivered load is billed from its row (issue 26). */
export const INVOICEABLE_STATUS: Load['status'] = 'delivered';

/**
 * Where a delivered load's invoice is made: Accounting's Invoices tab, which opens 'Create Invoice' filled for the
 * load named by `invoiceForLoad` (mfe-accounting's InvoiceFromLoad reads it; remotes do not import each other).
 */
export const invoiceForLoadPath = (load: Pick<Load, 'id'>) => `/accounting?${new URLSearchParams({ tab: 'invoices', invoiceForLoad: load.id })}`;

/**
 * The row menu's 'Create Invoice', for a delivered load; nothing for any other. `goAhead`, when given, is asked first
 * (a load without its proof of delivery: usePaperworkCheck) and may keep the invoice from being made.
 */
export function loadInvoiceActions<L extends Pick<Load, 'id' | 'status'>>(load: L, navigate: (path: string) => void, goAhead?: (load: L) => Promise<boolean>): RowAction[] {
  if (load.status !== INVOICEABLE_STATUS) return [];
  const open = () => navigate(invoiceForLoadPath(load));
  const onClick = goAhead ? () => void goAhead(load).then((yes) => yes && open()) : open;
  return [{ key: 'create-invoice', label: 'Create Invoice', icon: <FileAddOutlined {...DECORATIVE_ICON} />, onClick }];
}

export const PAPERWORK_TEXTS = {
  title: STOP_ATTENTION_MESSAGES.paperworkMissing,
  content: (loadNumber: string) => `No proof of delivery is kept on ${loadNumber}. Customers often refuse an invoice without one. Create the invoice anyway?`,
  ok: 'Create Invoice',
  cancel: 'Not yet',
} as const;

/**
 * 'Create Invoice' warns when the load has no proof of delivery (issue 44: 'Paperwork missing'): the load's
 * documents are read, and without a POD the user says whether to go ahead.
 */
export function usePaperworkCheck(): (load: Pick<Load, 'id' | 'loadNumber'>) => Promise<boolean> {
  const { modal } = App.useApp();
  return async (load) => {
    const documents = await api.get<LoadDocument[]>(`/api/loads/${load.id}/documents`).catch(() => undefined);
    // Documents that cannot be read are no reason to stop a user who means to bill.
    if (!documents || documents.some((document) => document.documentType === POD_DOCUMENT_TYPE)) return true;
    return modal.confirm({ title: PAPERWORK_TEXTS.title, content: PAPERWORK_TEXTS.content(load.loadNumber), okText: PAPERWORK_TEXTS.ok, cancelText: PAPERWORK_TEXTS.cancel });
  };
}
