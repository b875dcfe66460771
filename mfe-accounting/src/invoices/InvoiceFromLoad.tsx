import { useQuery } from '@tanstack/react-query';
import { useToast } from '@tms/ui';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { refusalReason } from '../shared/refusal-reason.js';
import { InvoiceDialog } from './InvoiceDialog.js';
import { invoiceTexts } from './invoice-form.js';
import { invoiceDraftQuery } from './invoices.api.js';

/**
 * How Loads asks for a delivered load's invoice (remotes do not import each other): the Invoices tab's URL with
 * `?invoiceForLoad=<load id>`, which mfe-dispatch's load-invoice link writes.
 */
export const INVOICE_FOR_LOAD_PARAM = 'invoiceForLoad';

/** The load whose invoice the URL asks for, taken out of the URL (a reload or Back does not ask again). */
export function useInvoiceForLoad(): [string | null, () => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get(INVOICE_FOR_LOAD_PARAM);
  const [loadId, setLoadId] = useState(requested);
  useEffect(() => {
    if (!requested) return;
    setLoadId(requested);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(INVOICE_FOR_LOAD_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [requested, setSearchParams]);
  return [loadId, () => setLoadId(null)];
}

/** 'Create Invoice' filled from the load's draft; a refusal (no such load, already invoiced) is the dialog's error toast. */
export function InvoiceFromLoad({ loadId, onClose }: { loadId: string; onClose: () => void }) {
  const draft = useQuery(invoiceDraftQuery(loadId));
  const [open, setOpen] = useState(true);
  const toast = useToast();
  const failed = draft.isError;
  useEffect(() => {
    if (!failed) return;
    toast.error(invoiceTexts.createFailed, refusalReason(draft.error));
    onClose();
  }, [failed]); // once per failure
  if (!draft.data) return null;
  return <InvoiceDialog open={open} record={null} draft={draft.data} onClose={() => setOpen(false)} />;
}
