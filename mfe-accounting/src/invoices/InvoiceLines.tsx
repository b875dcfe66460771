import { chargesWaitingText, formatDollars, invoiceLineQuantityText, invoiceLineText, sumMoney, type InvoiceLine } from '@tms/contracts';
import { Alert, Table } from 'antd';

const COLUMNS = [
  { title: 'Line', key: 'line', render: (_: unknown, line: InvoiceLine) => invoiceLineText(line) },
  { title: 'Quantity', key: 'quantity', onCell: () => ({ style: { whiteSpace: 'nowrap' } }), render: (_: unknown, line: InvoiceLine) => invoiceLineQuantityText(line) },
  { title: 'Amount', key: 'amount', align: 'right' as const, render: (_: unknown, line: InvoiceLine) => formatDollars(line.amount) },
];

/**
 * Issue 43: what the invoice bills, line by line (the line haul, then each approved billable charge of the load), and
 * a warning for the charges still waiting for approval, which it does not bill.
 */
export function InvoiceLines({ lines, waitingForApproval = 0 }: { lines: readonly InvoiceLine[]; waitingForApproval?: number }) {
  if (!lines.length && !waitingForApproval) return null;
  return (
    <div style={{ marginBottom: 16 }} data-testid="invoice-lines">
      {waitingForApproval > 0 && <Alert type="warning" showIcon message={chargesWaitingText(waitingForApproval)} style={{ marginBottom: 8 }} />}
      {lines.length > 0 && (
        <Table<InvoiceLine>
          size="small"
          pagination={false}
          rowKey={(line) => line.chargeId ?? 'line-haul'}
          columns={COLUMNS}
          dataSource={[...lines]}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={2}>
                <strong>Lines total</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                <strong>{formatDollars(sumMoney(lines.map((line) => line.amount)))}</strong>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      )}
    </div>
  );
}
