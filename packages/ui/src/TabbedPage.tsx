import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from './PageHeader.js';

export interface PageTab {
  /** The tab's key, as the URL carries it ('?tab=invoices'). */
  key: string;
  label: string;
  children: ReactNode;
}

export interface TabbedPageProps {
  title: string;
  subtitle?: string;
  /** The tabs in order; the first is the default. */
  tabs: readonly PageTab[];
  /** The URL search parameter that keeps the tab shown, so a reload or a shared link opens it. */
  param?: string;
  /** Shown beside the tabs, at the end of their bar (Accounting's 'IFTA Report'). */
  extra?: ReactNode;
}

/**
 * A screen of tabs under its title (Accounting, Safety & Compliance). The tab shown is kept in the URL, without the
 * parameter for the first, and replaces the history entry rather than adding one.
 */
export function TabbedPage({ title, subtitle, tabs, param = 'tab', extra }: TabbedPageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const active = tabs.find((tab) => tab.key === searchParams.get(param)) ?? tabs[0];

  const showTab = (key: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (key === tabs[0].key) next.delete(param);
        else next.set(param, key);
        return next;
      },
      { replace: true },
    );

  return (
    <div>
      <PageHeader title={title} subtitle={subtitle} />
      {/* Only the shown tab is mounted: its lists are fetched when it is opened. */}
      <Tabs activeKey={active.key} onChange={showTab} destroyOnHidden items={[...tabs]} tabBarExtraContent={extra} />
    </div>
  );
}
