import { DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import { ACCOUNT_STATEMENT_PATH, AGING_BUCKET_LABELS, AGING_BUCKETS, AGING_PATH, agingBucket, daysBefore, STATEMENT_PERIOD_DAYS, formatDollars, invoiceBalance, type AgingReport, type AgingRow, type Invoice } from '@tms/contracts';
import { api, DayPicker, resourceListQuery } from '@tms/ui';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useDownload } from '../shared/download.js';

const REPORT = `/api/${AGING_PATH}`;
const agingQuery = (asOf: string) => queryOptions({ queryKey: [REPORT, asOf], queryFn: () => api.get<AgingReport>(`${REPORT}?asOf=${asOf}`) });
const money = (amount: string) => formatDollars(amount);
const AMOUNT_COLUMNS = [...AGING_BUCKETS, 'total' as const].map((field) => ({
  title: field === 'total' ? 'Total' : AGING_BUCKET_LABELS[field],
  dataIndex: field,
  align: 'right' as const,
  render: money,
}));

/** A customer's statement of account as of the day: the 30 days before it (issue 46). */
export const statementUrl = (customerId: string, asOf: string) =>
  `/api/${ACCOUNT_STATEMENT_PATH}?customerId=${encodeURIComponent(customerId)}&from=${daysBefore(asOf, STATEMENT_PERIOD_DAYS)}&to=${asOf}`;

/** A customer's open invoices as of the day, oldest due first: what its aging row is made of; and their statement. */
function CustomerInvoices({ customerId, asOf }: { customerId: string; asOf: string }) {
  const invoices = useQuery(resourceListQuery<Invoice>('invoices'));
  const download = useDownload();
  const open = useMemo(
    () =>
      (invoices.data ?? [])
        .filter((invoice) => invoice.customerId === customerId && ['sent', 'overdue'].includes(invoice.status) && invoice.invoiceDate <= asOf)
        .filter((invoice) => invoiceBalance(invoice.total, invoice.paidAmount) !== '0.00')
        .sort((a, b) => a.dueDate.localeCompare(b.dueDate)),
    [invoices.data, customerId, asOf],
  );
  return (
    <>
      <Button size="small" icon={<FilePdfOutlined aria-hidden />} style={{ marginBottom: 8 }} onClick={() => download(statementUrl(customerId, asOf), 'Failed to download statement.')}>
        Statement of Account
      </Button>
      <Table<Invoice>
        size="small"
        rowKey="id"
        loading={invoices.isPending}
        pagination={false}
        aria-label="Open invoices"
        dataSource={open}
        columns={[
          { title: 'Invoice #', dataIndex: 'invoiceNumber' },
          { title: 'Due Date', dataIndex: 'dueDate', render: (day: string) => dayjs(day).format('MMM D, YYYY') },
          { title: 'Days Past Due', key: 'days', align: 'right', render: (_, invoice) => Math.max(0, dayjs(asOf).diff(dayjs(invoice.dueDate), 'day')) },
          { title: 'Bucket', key: 'bucket', render: (_, invoice) => AGING_BUCKET_LABELS[agingBucket(dayjs(asOf).diff(dayjs(invoice.dueDate), 'day'))] },
          { title: 'Balance', key: 'balance', align: 'right', render: (_, invoice) => money(invoiceBalance(invoice.total, invoice.paidAmount)) },
        ]}
      />
    </>
  );
}

/**
 * Receivables aging (issue 46), opened from Accounting's 'Aging': what each customer owes as of a day, current and
 * 1-30, 31-60, 61-90, over 90 days past due, with totals; a customer's row opens its open invoices (as they stand
 * today); the CSV is the same report.
 */
export function AgingDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [asOf, setAsOf] = useState<Dayjs>(() => dayjs());
  const day = asOf.format('YYYY-MM-DD');
  const report = useQuery({ ...agingQuery(day), enabled: open });
  const data = report.data;
  return (
    <Drawer title="Receivables Aging" open={open} onClose={onClose} size="large" styles={{ wrapper: { width: 'min(1000px, 100vw)' } }} destroyOnHidden>
      <Space wrap style={{ marginBottom: 16 }}>
        <span>
          As of <DayPicker aria-label="As of" allowClear={false} value={asOf} onChange={(value) => value && setAsOf(value as Dayjs)} style={{ width: 150 }} />
        </span>
        <Button icon={<DownloadOutlined aria-hidden />} href={`${REPORT}?asOf=${day}&format=csv`} download>
          Download CSV
        </Button>
      </Space>
      {report.isError && <Alert type="error" showIcon title="The aging could not be made" description={String(report.error.message)} />}
      <Table<AgingRow>
        size="small"
        rowKey="customerId"
        loading={report.isPending}
        pagination={false}
        aria-label="Aging by customer"
        dataSource={data?.customers}
        columns={[{ title: 'Customer', dataIndex: 'customerName', render: (name: string | null, row) => name ?? row.customerId }, ...AMOUNT_COLUMNS]}
        expandable={{ expandRowByClick: true, expandedRowRender: (row) => <CustomerInvoices customerId={row.customerId} asOf={day} /> }}
        summary={() =>
          data && (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} />
              <Table.Summary.Cell index={1}>
                <Typography.Text strong>Total</Typography.Text>
              </Table.Summary.Cell>
              {AMOUNT_COLUMNS.map(({ dataIndex }, index) => (
                <Table.Summary.Cell key={dataIndex} index={index + 2} align="right">
                  <Typography.Text strong>{money(data.totals[dataIndex])}</Typography.Text>
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          )
        }
      />
    </Drawer>
  );
}
