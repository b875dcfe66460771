import { INVOICE_EMAIL_MAX_RECIPIENTS, type Invoice, type InvoiceEmail, type InvoiceEmailSent } from '@tms/contracts';
import { ApiError, api } from './api.js';
import { resourceQueryKey } from './resource-api.js';
import { useToast } from './toast.js';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Descriptions, Modal, Select, Spin } from 'antd';
import { useEffect, useState } from 'react';

export const SEND_INVOICE_TEXTS = {
  menu: 'Send Invoice',
  title: 'Send Invoice',
  send: 'Send',
  to: 'To',
  from: 'From',
  subject: 'Subject',
  attachments: 'Attachments',
  loadFailed: 'The e-mail could not be prepared. Please try again.',
  sent: 'Invoice sent',
  sentTo: (invoiceNumber: string, to: string[]) => `Invoice ${invoiceNumber} was sent to ${to.join(', ')}.`,
  failed: 'Failed to send invoice. Please try again.',
} as const;

const emailUrl = (invoice: Pick<Invoice, 'id'>) => `/api/invoices/${encodeURIComponent(invoice.id)}/email`;

/**
 * Issue 46, point 5: the invoice by e-mail, with its PDF and its packet, to the customer's billing e-mail (changeable
 * here), from the company's. When it cannot be sent (no SMTP_URL, no company e-mail) the dialog says why and cannot send.
 * Accounting's invoice row menu and a load's workspace open it.
 */
export function SendInvoiceDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const toast = useToast();
  const client = useQueryClient();
  const draft = useQuery({ queryKey: [emailUrl(invoice)], queryFn: () => api.get<InvoiceEmail>(emailUrl(invoice)), gcTime: 0, staleTime: 0 });
  const [to, setTo] = useState<string[]>([]);
  useEffect(() => {
    if (draft.data) setTo(draft.data.to);
  }, [draft.data]);
  const send = useMutation({
    mutationFn: () => api.post<InvoiceEmailSent>(emailUrl(invoice), { to }),
    onSuccess: async (sent) => {
      toast.success(SEND_INVOICE_TEXTS.sent, SEND_INVOICE_TEXTS.sentTo(invoice.invoiceNumber, sent.to));
      onClose();
      // A draft is now sent (in the list and in a load's workspace); and the History has the sending.
      await Promise.all([
        client.invalidateQueries({ queryKey: resourceQueryKey('invoices') }),
        client.invalidateQueries({ queryKey: ['/api/invoices/for-load'] }),
        client.invalidateQueries({ queryKey: ['/api/audit', 'invoices', invoice.id] }),
      ]);
    },
    onError: (error) => toast.error(SEND_INVOICE_TEXTS.failed, error instanceof ApiError ? error.reason : undefined),
  });
  const problem = draft.data?.problem;
  return (
    <Modal
      open
      title={SEND_INVOICE_TEXTS.title}
      okText={SEND_INVOICE_TEXTS.send}
      onOk={() => send.mutate()}
      onCancel={onClose}
      okButtonProps={{ disabled: !draft.data || Boolean(problem) || !to.length, loading: send.isPending }}
      destroyOnHidden
    >
      {draft.isPending && <Spin />}
      {draft.isError && <Alert type="error" showIcon title={SEND_INVOICE_TEXTS.loadFailed} />}
      {draft.data && (
        <>
          {problem && <Alert type="warning" showIcon title={problem} style={{ marginBottom: 16 }} />}
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'from', label: SEND_INVOICE_TEXTS.from, children: draft.data.from || '-' },
              {
                key: 'to',
                label: SEND_INVOICE_TEXTS.to,
                children: (
                  <Select
                    mode="tags"
                    aria-label={SEND_INVOICE_TEXTS.to}
                    value={to}
                    onChange={(addresses: string[]) => setTo(addresses.map((address) => address.trim()).filter(Boolean))}
                    tokenSeparators={[',', ';', ' ']}
                    maxCount={INVOICE_EMAIL_MAX_RECIPIENTS}
                    open={false}
                    suffixIcon={null}
                    style={{ width: '100%' }}
                  />
                ),
              },
              { key: 'subject', label: SEND_INVOICE_TEXTS.subject, children: draft.data.subject },
              { key: 'attachments', label: SEND_INVOICE_TEXTS.attachments, children: draft.data.attachments.join(', ') },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
