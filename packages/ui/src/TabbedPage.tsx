import { Grid, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from './PageHeader.js';

/** The height of antd's tab bar (its tabs' line), in which the extra content is centred. */
const TAB_BAR_HEIGHT = 46;

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
  // Beside the tabs where there is room; on a phone above them, so the tabs need no 'more' menu.
  const beside = Grid.useBreakpoint().md !== false;

  const showTab = (key: string) =>
    setSearchParams(
      () => {
        // A tab's list order and filters are its own: another tab starts from its list as it is.
        const next = new URLSearchParams();
        if (key !== tabs[0].key) next.set(param, key);
        return next;
      },
      { replace: true },
    );

  return (
    <div>
      <PageHeader title={title} subtitle={subtitle} />
      {extra && !beside && <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 8 }}>{extra}</div>}
      <div style={{ position: 'relative' }}>
        {/* Only the shown tab is mounted: its lists are fetched when it is opened. */}
        <Tabs
          activeKey={active.key}
          onChange={showTab}
          destroyOnHidden
          items={[...tabs]}
          // antd draws extra content inside the tab list, which may hold only tabs (axe: aria-required-children): the
          // bar keeps an invisible copy for its room, and the real one is laid over that room, outside the list.
          tabBarExtraContent={extra && beside && <div aria-hidden style={{ visibility: 'hidden' }}>{extra}</div>}
        />
        {extra && beside && (
          <div style={{ position: 'absolute', top: 0, right: 0, height: TAB_BAR_HEIGHT, display: 'flex', alignItems: 'center' }}>{extra}</div>
        )}
      </div>
    </div>
  );
}
