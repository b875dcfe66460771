import { DollarOutlined, FallOutlined, FileTextOutlined, RiseOutlined } from '@ant-design/icons';
import { formatDollars, invoiceBalance } from '@tms/contracts';
import { formatDay, ListEmpty, SummaryCard, SummaryCardGrid, SummaryCardPlaceholders, useLookup } from '@tms/ui';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, theme, Typography } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { expensesApi } from '../expenses/expenses.api.js';
import { FactoredTag } from '../factoring/FactoredTag.js';
import { FactoringFigures } from '../factoring/FactoringFigures.js';
import { invoicesApi } from '../invoices/invoices.api.js';
import { InvoiceStatusBadge, numeric, UNKNOWN } from '../shared/display.js';
import { marginNote, overviewFigures, pendingNote } from './overview-figures.js';

const { Text } = Typography;
const SUMMARY_CARD_COUNT = 4;

/** The rows of a recent-records card, divided by hairlines. */
function RecentList<T extends { id: string }>({ items, render }: { items: readonly T[]; render: (item: T) => ReactNode }) {
  const { token } = theme.useToken();
  return (
    <ul style={{ listStyle: 'none', margin: '-8px 0', padding: 0 }}>
      {items.map((item, index) => (
        <li
          key={item.id}
          style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 16, padding: '12px 0', borderTop: index ? `1px solid ${token.colorBorderSecondary}` : undefined }}
        >
          {render(item)}
        </li>
      ))}
    </ul>
  );
}

/** Accounting's Overview tab (spec 2.9 and 9): four figures, the latest invoices and expenses. */
export function OverviewTab() {
  const invoices = useQuery(invoicesApi.list());
  const expenses = useQuery(expensesApi.list());
  const customers = useLookup('customers');
  const figures = useMemo(() => overviewFigures(invoices.data ?? [], expenses.data ?? []), [invoices.data, expenses.data]);

  const lists = [invoices, expenses];
  const failed = lists.find((query) => query.isError && !query.data);
  if (failed) {
    return (
      <Alert
        type="error"
        showIcon
        title="Could not load the overview"
        description={failed.error?.message}
        action={<Button onClick={() => lists.forEach((query) => void query.refetch())}>Retry</Button>}
      />
    );
  }
  if (lists.some((query) => query.isPending)) return <SummaryCardPlaceholders count={SUMMARY_CARD_COUNT} />;

  return (
    <div>
      <SummaryCardGrid>
        <SummaryCard title="Total Revenue" icon={<DollarOutlined />} value={formatDollars(figures.totalRevenue)} />
        <SummaryCard title="Total Expenses" icon={<FallOutlined />} value={formatDollars(figures.totalExpenses)} />
        <SummaryCard title="Net Profit" icon={<RiseOutlined />} value={formatDollars(figures.netProfit)} note={marginNote(figures.marginPercent)} />
        <SummaryCard title="Pending Revenue" icon={<FileTextOutlined />} value={formatDollars(figures.pendingRevenue)} note={pendingNote(figures.pendingInvoices)} />
      </SummaryCardGrid>
      <FactoringFigures />
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(380px, 100%), 1fr))', gap: 16, marginTop: 16 }}>
        <Card title="Recent Invoices" role="region" aria-label="Recent Invoices">
          {figures.recentInvoices.length === 0 ? (
            <ListEmpty title="No invoices found" hint="Get started by creating your first invoice" />
          ) : (
            <RecentList
              items={figures.recentInvoices}
              render={(invoice) => (
                <>
                  <Flex vertical gap={4} style={{ minWidth: 0 }}>
                    <Flex gap={8} align="center" wrap>
                      <Text strong>{invoice.invoiceNumber}</Text>
                      <InvoiceStatusBadge status={invoice.status} />
                      <FactoredTag invoice={invoice} />
                    </Flex>
                    <Text type="secondary" ellipsis>
                      {customers.label(invoice.customerId) ?? UNKNOWN}
                    </Text>
                  </Flex>
                  <Flex vertical gap={4} align="flex-end" style={{ flex: 'none' }}>
                    <Text strong style={numeric}>
                      {formatDollars(invoice.total)}
                    </Text>
                    <Text type="secondary" style={numeric}>
                      Balance: {formatDollars(invoiceBalance(invoice.total, invoice.paidAmount))}
                    </Text>
                  </Flex>
                </>
              )}
            />
          )}
        </Card>
        <Card title="Recent Expenses" role="region" aria-label="Recent Expenses">
          {figures.recentExpenses.length === 0 ? (
            <ListEmpty title="No expenses found" hint="Get started by adding your first expense" />
          ) : (
            <RecentList
              items={figures.recentExpenses}
              render={(expense) => (
                <>
                  <Flex vertical gap={4} style={{ minWidth: 0 }}>
                    <Text strong ellipsis>
                      {expense.description}
                    </Text>
                    <Text type="secondary">
                      {expense.category} · {formatDay(expense.expenseDate)}
                    </Text>
                  </Flex>
                  <Text strong style={{ ...numeric, flex: 'none' }}>
                    {formatDollars(expense.amount)}
                  </Text>
                </>
              )}
            />
          )}
        </Card>
      </div>
    </div>
  );
}
