import { DownloadOutlined, MailOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  centsToMoney,
  DOCUMENT_TYPES,
  formatDollars,
  INVOICE_FOR_LOAD_PATH,
  INVOICE_STATUS_LABELS,
  LOAD_STATUS_LABELS,
  parseCents,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MESSAGES,
  type DocumentType,
  type Invoice,
  type Load,
} from '@tms/contracts';
import { api, DECORATIVE_ICON, DrawerSection, formatDay, RecordHistory, recordHref, SEND_INVOICE_TEXTS, SendInvoiceDialog, useLookup, useToast, type RowAction } from '@tms/ui';
import { Alert, Button, Descriptions, Drawer, Flex, Select, Skeleton, Typography, Upload } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { loadDocumentsQuery, keepLoadDocument } from './documents.api.js';
import { failureMessage, fileTypeOf, readAsDataUrl } from './extract/extraction.js';
import { LoadDocuments } from './LoadDocuments.js';
import { LoadStatusBadge, loadRoute } from './load-display.js';
import { loadQuery } from './loads.api.js';
import { LoadThread } from './MessagesDrawer.js';
import { StopsTimeline } from './StopsDrawer.js';

export const WORKSPACE_TEXTS = {
  open: 'Open',
  title: (loadNumber: string) => `Load ${loadNumber}`,
  details: 'Details',
  stops: 'Stops',
  documents: 'Documents',
  upload: 'Upload',
  uploadedTitle: 'Document uploaded',
  documentType: 'Document type',
  uploaded: (fileName: string) => `${fileName} was kept with the load.`,
  uploadFailed: 'Failed to upload document. Please try again.',
  invoice: 'Invoice',
  notInvoiced: 'Not invoiced yet',
  balance: 'Balance',
  downloadPacket: 'Download Packet',
  messages: 'Messages',
  loadFailed: 'The load could not be loaded. Please try again.',
} as const;

/** The load's history names its fields as the load dialog does. */
const HISTORY_LABELS = new Map(
  Object.entries({
    loadNumber: 'Load Number', customerId: 'Customer', status: 'Status', pickupLocation: 'Pickup Location', pickupDate: 'Pickup Date',
    deliveryLocation: 'Delivery Location', deliveryDate: 'Delivery Date', rate: 'Rate', assignedTruckId: 'Assigned Truck', assignedDriverId: 'Assigned Driver',
    commodity: 'Commodity', weight: 'Weight (lbs)', miles: 'Miles', notes: 'Notes', documents: 'Documents', stops: 'Stops',
  }),
);

const invoiceForLoadQuery = (loadId: string) => ({
  queryKey: [`/api/${INVOICE_FOR_LOAD_PATH}`, loadId],
  queryFn: async () => (await api.get<{ invoice: Invoice | null }>(`/api/${INVOICE_FOR_LOAD_PATH}?loadId=${encodeURIComponent(loadId)}`)).invoice,
});

/**
 * A load's workspace (issue 47, point 2): a click on a Loads row (or 'Open' in its menu) opens everything about the
 * load in one drawer: its details (customer, driver, truck), stops, documents with Upload, its invoice with the
 * balance, the messages with its driver and its change history; and its actions (the next status step, Create
 * Invoice, Stops, Charges, Edit) as buttons.
 */
export function LoadWorkspace({ load, onClose, actions }: { load: Load | null; onClose: () => void; actions: (load: Load) => readonly RowAction[] }) {
  return (
    <Drawer
      open={load !== null}
      onClose={onClose}
      title={load ? WORKSPACE_TEXTS.title(load.loadNumber) : ''}
      extra={load && <LoadStatusBadge status={load.status} />}
      size={720}
      destroyOnHidden
      data-testid="load-workspace"
    >
      {load && <Workspace load={load} actions={actions(load)} />}
    </Drawer>
  );
}

function Workspace({ load, actions }: { load: Load; actions: readonly RowAction[] }) {
  const full = useQuery(loadQuery(load.id));
  const customers = useLookup('customers');
  const drivers = useLookup('drivers');
  const trucks = useLookup('trucks');
  const shown = full.data ?? load;
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap role="toolbar" aria-label="Load actions">
        {actions.map((action) => (
          <Button key={action.key} icon={action.icon} onClick={action.onClick}>
            {action.label}
          </Button>
        ))}
      </Flex>
      <DrawerSection title={WORKSPACE_TEXTS.details}>
        <Descriptions
          size="small"
          column={2}
          items={[
            // Each opens its own drawer on its screen (issue 47, point 4).
            { key: 'customer', label: 'Customer', children: <Link to={recordHref('customers', shown.customerId)}>{customers.label(shown.customerId)}</Link> },
            { key: 'status', label: 'Status', children: LOAD_STATUS_LABELS[shown.status] },
            { key: 'driver', label: 'Driver', children: shown.assignedDriverId ? <Link to={recordHref('drivers', shown.assignedDriverId)}>{drivers.label(shown.assignedDriverId)}</Link> : '-' },
            { key: 'truck', label: 'Truck', children: shown.assignedTruckId ? <Link to={recordHref('trucks', shown.assignedTruckId)}>{trucks.label(shown.assignedTruckId)}</Link> : '-' },
            { key: 'route', label: 'Route', children: loadRoute(shown) },
            { key: 'rate', label: 'Rate', children: formatDollars(shown.rate) },
            { key: 'pickup', label: 'Pickup Date', children: formatDay(shown.pickupDate) },
            { key: 'delivery', label: 'Delivery Date', children: formatDay(shown.deliveryDate) },
            ...(shown.commodity ? [{ key: 'commodity', label: 'Commodity', children: shown.commodity }] : []),
            ...(shown.notes ? [{ key: 'notes', label: 'Notes', children: shown.notes, span: 2 }] : []),
          ]}
        />
      </DrawerSection>
      <DrawerSection title={WORKSPACE_TEXTS.stops}>
        {full.isError ? <Alert type="error" showIcon title={WORKSPACE_TEXTS.loadFailed} /> : full.data ? <StopsTimeline stops={full.data.stops ?? []} /> : <Skeleton active />}
      </DrawerSection>
      <DrawerSection title={WORKSPACE_TEXTS.documents}>
        <DocumentUploader load={load} />
        <LoadDocuments loadId={load.id} titled={false} />
      </DrawerSection>
      <DrawerSection title={WORKSPACE_TEXTS.invoice}>
        <LoadInvoice load={load} />
      </DrawerSection>
      <DrawerSection title={WORKSPACE_TEXTS.messages}>
        <LoadThread load={load} />
      </DrawerSection>
      <RecordHistory
        resource="loads"
        id={load.id}
        display={{ labels: HISTORY_LABELS, options: new Map([['status', new Map(Object.entries(LOAD_STATUS_LABELS))]]) }}
      />
    </Flex>
  );
}


/** Upload: a file kept with the load under the type chosen, checked as every upload is (type, size, what it says it is). */
function DocumentUploader({ load }: { load: Load }) {
  const client = useQueryClient();
  const toast = useToast();
  const [documentType, setDocumentType] = useState<DocumentType>('Proof of Delivery');
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    if (file.size > UPLOAD_MAX_FILE_BYTES) return toast.error(WORKSPACE_TEXTS.uploadFailed, UPLOAD_MESSAGES.tooLarge);
    setBusy(true);
    try {
      const fileData = await readAsDataUrl(file);
      await keepLoadDocument(load.id, { fileName: file.name, fileType: fileTypeOf(file), fileSize: file.size, fileData, documentType });
      toast.success(WORKSPACE_TEXTS.uploadedTitle, WORKSPACE_TEXTS.uploaded(file.name));
      await client.invalidateQueries({ queryKey: loadDocumentsQuery(load.id).queryKey });
    } catch (error) {
      toast.error(WORKSPACE_TEXTS.uploadFailed, failureMessage(error, ''));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex gap={8} align="center" wrap>
      <Select<DocumentType>
        aria-label={WORKSPACE_TEXTS.documentType}
        value={documentType}
        onChange={setDocumentType}
        options={DOCUMENT_TYPES.map((type) => ({ value: type, label: type }))}
        style={{ minWidth: 200 }}
      />
      <Upload
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined {...DECORATIVE_ICON} />} loading={busy}>
          {WORKSPACE_TEXTS.upload}
        </Button>
      </Upload>
    </Flex>
  );
}

/** The load's invoice with its balance, its packet and Send Invoice (issue 46); or that it is not invoiced yet. */
function LoadInvoice({ load }: { load: Load }) {
  const invoice = useQuery(invoiceForLoadQuery(load.id));
  const [sending, setSending] = useState(false);
  if (invoice.isPending) return <Skeleton active paragraph={{ rows: 1 }} />;
  if (invoice.isError) return <Alert type="error" showIcon title={failureMessage(invoice.error, WORKSPACE_TEXTS.loadFailed)} />;
  if (!invoice.data) return <Typography.Text type="secondary">{WORKSPACE_TEXTS.notInvoiced}</Typography.Text>;
  const { id, invoiceNumber, status, total, paidAmount, dueDate } = invoice.data;
  const balance = centsToMoney(parseCents(total)! - parseCents(paidAmount ?? '0')!);
  return (
    <Flex vertical gap={8}>
      <Descriptions
        size="small"
        column={2}
        items={[
          { key: 'number', label: 'Invoice #', children: invoiceNumber },
          { key: 'status', label: 'Status', children: INVOICE_STATUS_LABELS[status] },
          { key: 'total', label: 'Total', children: formatDollars(total) },
          { key: 'balance', label: WORKSPACE_TEXTS.balance, children: formatDollars(balance) },
          { key: 'due', label: 'Due Date', children: formatDay(dueDate) },
        ]}
      />
      <Flex gap={8} wrap>
        <Button icon={<DownloadOutlined {...DECORATIVE_ICON} />} href={`/api/invoices/${encodeURIComponent(id)}/packet`}>
          {WORKSPACE_TEXTS.downloadPacket}
        </Button>
        <Button icon={<MailOutlined {...DECORATIVE_ICON} />} onClick={() => setSending(true)}>
          {SEND_INVOICE_TEXTS.menu}
        </Button>
      </Flex>
      {sending && <SendInvoiceDialog invoice={invoice.data} onClose={() => setSending(false)} />}
    </Flex>
  );
}
