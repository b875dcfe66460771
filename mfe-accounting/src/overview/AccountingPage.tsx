import { TabbedPage } from '@tms/ui';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { AgingDrawer } from '../aging/AgingDrawer.js';
import { ExpensesTab } from '../expenses/ExpensesTab.js';
import { FactoringDrawer, FACTORING_TEXTS } from '../factoring/FactoringDrawer.js';
import { InvoicesTab } from '../invoices/InvoicesTab.js';
import { IftaDrawer } from '../ifta/IftaDrawer.js';
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
  const [ifta, setIfta] = useState(false);
  const [aging, setAging] = useState(false);
  const [factoring, setFactoring] = useState(false);
  const extra = (
    <Space>
      <Button onClick={() => setAging(true)}>Aging</Button>
      <Button onClick={() => setIfta(true)}>IFTA Report</Button>
      <Button onClick={() => setFactoring(true)}>{FACTORING_TEXTS.button}</Button>
    </Space>
  );
  return (
    <>
      <TabbedPage title="Accounting" subtitle="Manage invoices, expenses, and payments" tabs={TABS} extra={extra} />
      <AgingDrawer open={aging} onClose={() => setAging(false)} />
      <IftaDrawer open={ifta} onClose={() => setIfta(false)} />
      <FactoringDrawer open={factoring} onClose={() => setFactoring(false)} />
    </>
  );
}
