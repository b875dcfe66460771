import type { Invoice, InvoiceDraft } from '@tms/contracts';
import { api, createResourceApi } from '@tms/ui';
import { queryOptions } from '@tanstack/react-query';

/**
 * GET/POST /api/invoices, PATCH/DELETE /api/invoices/:id; the list is refetched after every change, and so are the
 * loads (an invoice for a delivered load makes it 'invoiced').
 */
export const invoicesApi = createResourceApi<Invoice>('invoices', { alsoRefetch: ['loads'] });

/** What 'Create Invoice' is filled with for a delivered load: asked afresh each time (today's dates, the current terms). */
export const invoiceDraftQuery = (loadId: string) =>
  queryOptions({
    queryKey: ['/api/invoices/draft', loadId],
    queryFn: () => api.get<InvoiceDraft>(`/api/invoices/draft?loadId=${encodeURIComponent(loadId)}`),
    gcTime: 0,
  });

/** The invoice as a PDF, and the packet: the invoice, then every document kept on its load. */
export const invoicePdfUrl = (invoice: Pick<Invoice, 'id'>) => `/api/invoices/${encodeURIComponent(invoice.id)}/pdf`;
export const invoicePacketUrl = (invoice: Pick<Invoice, 'id'>) => `/api/invoices/${encodeURIComponent(invoice.id)}/packet`;
