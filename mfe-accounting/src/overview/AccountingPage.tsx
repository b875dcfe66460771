import { PageHeader } from '@tms/ui';
import { Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { ExpensesTab } from '../expenses/ExpensesTab.js';
import { InvoicesTab } from '../invoices/InvoicesTab.js';
import { PaymentsTab } from '../payments/PaymentsTab.js';
import { OverviewTab } from './OverviewTab.js';

const TABS = [
  { key: 'overview', label: 'Overview', children: <OverviewTab /> },
  { key: 'invoices', label: 'Invoices', children: <InvoicesTab /> },
  { key: 'expenses', label: 'Expenses', children: <ExpensesTab /> },
  { key: 'payments', label: 'Payments', children: <PaymentsTab /> },
];

/** Accounting (/accounting): spec 2.9's tabs, the one shown kept in the URL ('?tab=invoices') for reloads and links. */
export function AccountingPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const active = TABS.find((tab) => tab.key === searchParams.get('tab'))?.key ?? TABS[0].key;
  const show = (key: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (key === TABS[0].key) next.delete('tab');
        else next.set('tab', key);
        return next;
      },
      { replace: true },
    );
  return (
    <div>
      <PageHeader title="Accounting" subtitle="Manage invoices, expenses, and payments" />
      {/* Only the shown tab is mounted: its lists are fetched when it is opened. */}
      <Tabs activeKey={active} onChange={show} destroyOnHidden items={TABS} />
    </div>
  );
}
