import {
  COMPLIANCE_FIX_SCREENS,
  complianceFixPath,
  COMPLIANCE_STATUS_LABELS,
  complianceItemKey,
  formatDollars,
  FUEL_FLAGGED_PATH,
  LOADS_ATTENTION_PATH,
  OVERDUE_INVOICES_PATH,
  STOP_ATTENTION_LABELS,
  type ComplianceItem,
  type ComplianceStatus,
  type FlaggedFuelPurchase,
  type OverdueInvoice,
  type StopAttention,
  type StopAttentionKind,
} from '@tms/contracts';
import { api, ColorBadge, formatDay, recordHref, type BadgeColor } from '@tms/ui';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Drawer, Flex, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DashboardList } from './DashboardList.js';

const { Text } = Typography;

/** Items shown on the card; the rest are counted. */
const SHOWN = 5;
const STATUS_COLORS: Record<ComplianceStatus, BadgeColor> = { expired: 'red', missing: 'orange', 'due-soon': 'amber' };
const STOP_COLORS: Record<StopAttentionKind, BadgeColor> = { 'departed-last': 'purple', late: 'red', detention: 'amber', 'at-risk': 'orange', 'paperwork-missing': 'magenta' };

/** Read again each time the Dashboard opens: any change of a driver, truck or record may change it. */
export const complianceQuery = { queryKey: ['compliance'], queryFn: () => api.get<ComplianceItem[]>('/api/compliance'), staleTime: 0 };
/** Loads under way whose stops need attention (issue 42), read as often. */
export const stopAttentionQuery = { queryKey: [`/api/${LOADS_ATTENTION_PATH}`], queryFn: () => api.get<StopAttention[]>(`/api/${LOADS_ATTENTION_PATH}`), staleTime: 0 };

/** Invoices overdue (issue 46), read as often. */
export const overdueInvoicesQuery = { queryKey: [`/api/${OVERDUE_INVOICES_PATH}`], queryFn: () => api.get<OverdueInvoice[]>(`/api/${OVERDUE_INVOICES_PATH}`), staleTime: 0 };

/** Fuel purchases the GPS check flagged (issue 48), read as often. */
export const flaggedFuelQuery = { queryKey: [`/api/${FUEL_FLAGGED_PATH}`], queryFn: () => api.get<FlaggedFuelPurchase[]>(`/api/${FUEL_FLAGGED_PATH}`), staleTime: 0 };

/** 'INV-1001: Acme Foods, $1,234.50 overdue 12 days'. */
export const overdueInvoiceText = (invoice: OverdueInvoice) =>
  `${invoice.invoiceNumber}: ${invoice.customerName ? `${invoice.customerName}, ` : ''}${formatDollars(invoice.balance)} overdue ${invoice.daysOverdue === 1 ? '1 day' : `${invoice.daysOverdue} days`}`;

/** What expires or is overdue: its status, what it is, and a link to the record on the screen that puts it right. */
function ComplianceRow({ item }: { item: ComplianceItem }) {
  return (
    <>
      <Flex gap={8} align="center" style={{ minWidth: 0 }}>
        {/* A badge in readable shades (antd's gold Tag is 2.8:1); flex: none in DashboardList's row. */}
        <span style={{ flex: 'none' }}>
          <ColorBadge color={STATUS_COLORS[item.status]}>{COMPLIANCE_STATUS_LABELS[item.status]}</ColorBadge>
        </span>
        <Text ellipsis>{item.message}</Text>
      </Flex>
      <Link to={complianceFixPath(item)} style={{ flex: 'none' }}>
        {COMPLIANCE_FIX_SCREENS[item.kind].name}
      </Link>
    </>
  );
}

/** A load's stop that needs attention: how it stands, the load and the stop, and a link to the load's workspace. */
function StopAttentionRow({ item }: { item: StopAttention }) {
  return (
    <>
      <Flex gap={8} align="center" style={{ minWidth: 0 }}>
        <span style={{ flex: 'none' }}>
          <ColorBadge color={STOP_COLORS[item.kind]}>{STOP_ATTENTION_LABELS[item.kind]}</ColorBadge>
        </span>
        <Text ellipsis>{`${item.loadNumber}: ${item.message}`}</Text>
      </Flex>
      <Link to={recordHref('loads', item.loadId)} style={{ flex: 'none' }}>
        Loads
      </Link>
    </>
  );
}

/** An overdue invoice: its badge, what it bills and how late, and a link that opens it in Accounting's invoices. */
function OverdueInvoiceRow({ item }: { item: OverdueInvoice }) {
  return (
    <>
      <Flex gap={8} align="center" style={{ minWidth: 0 }}>
        <span style={{ flex: 'none' }}>
          <ColorBadge color="red">Overdue</ColorBadge>
        </span>
        <Text ellipsis>{overdueInvoiceText(item)}</Text>
      </Flex>
      <Link to={`/accounting?tab=invoices&open=${encodeURIComponent(item.id)}`} style={{ flex: 'none' }}>
        Invoices
      </Link>
    </>
  );
}

/** A flagged fuel purchase: its badge, the truck, where and when, why, and a link that opens it in Fuel. */
function FlaggedFuelRow({ item }: { item: FlaggedFuelPurchase }) {
  return (
    <>
      <Flex gap={8} align="center" style={{ minWidth: 0 }}>
        <span style={{ flex: 'none' }}>
          <ColorBadge color="amber">Fuel</ColorBadge>
        </span>
        <Text ellipsis>{`${item.truckNumber ?? 'A truck'}: ${item.location}, ${formatDay(item.transactionDate)}: ${item.gpsWarnings.join('; ')}`}</Text>
      </Flex>
      <Link to={`/fuel?open=${encodeURIComponent(item.id)}`} style={{ flex: 'none' }}>
        Fuel
      </Link>
    </>
  );
}

/**
 * Below the spec's cards: what expires or is overdue (GET /api/compliance), the first five with a link to the record
 * that puts each right, then the loads whose stops need attention (GET /api/loads/attention: the last stop left
 * but not delivered, late or at-risk stops), the first five, and the invoices overdue (GET /api/invoices/overdue), the
 * first five, and the fuel purchases the GPS check flagged (GET /api/fuel/flagged, issue 48), the first five; or
 * 'All clear'. 'View all' (issue 47) shows every item in a drawer.
 */
export function NeedsAttentionCard() {
  const attention = useAttention();
  const [viewingAll, setViewingAll] = useState(false);
  const { compliance, total } = attention;
  return (
    <Card
      title="Needs Attention"
      role="region"
      aria-label="Needs Attention"
      extra={
        compliance.data && (
          <Flex gap={12} align="center">
            <Text type="secondary">{itemsText(total)}</Text>
            {total > 0 && (
              <Button type="link" style={{ padding: 0 }} onClick={() => setViewingAll(true)}>
                {ATTENTION_TEXTS.viewAll}
              </Button>
            )}
            {attention.items.length > 0 && <a href="/api/compliance.csv">Download CSV</a>}
          </Flex>
        )
      }
      style={{ marginTop: 16 }}
    >
      {compliance.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : compliance.isError ? (
        <Alert type="error" showIcon title="Could not load what needs attention" action={<Button onClick={() => void compliance.refetch()}>Retry</Button>} />
      ) : total === 0 ? (
        <Text type="secondary">All clear</Text>
      ) : (
        <AttentionSections attention={attention} shown={SHOWN} />
      )}
      <Drawer open={viewingAll} onClose={() => setViewingAll(false)} title={`${ATTENTION_TEXTS.drawerTitle} (${itemsText(total)})`} size={720} destroyOnHidden>
        <AttentionSections attention={attention} />
      </Drawer>
    </Card>
  );
}

export const ATTENTION_TEXTS = { viewAll: 'View all', drawerTitle: 'Everything that needs attention' } as const;

const itemsText = (total: number) => (total === 1 ? '1 item' : `${total.toLocaleString('en-US')} items`);

/** The four lists behind the card, each item keyed. */
function useAttention() {
  const compliance = useQuery(complianceQuery);
  const stops = useQuery(stopAttentionQuery);
  const overdue = useQuery(overdueInvoicesQuery);
  const fuel = useQuery(flaggedFuelQuery);
  const items = (compliance.data ?? []).map((item) => ({ ...item, id: complianceItemKey(item) }));
  const stopItems = (stops.data ?? []).map((item) => ({ ...item, id: item.loadId }));
  const invoices = overdue.data ?? [];
  const flagged = fuel.data ?? [];
  const lists = [items, stopItems, invoices, flagged];
  const total = lists.reduce((sum, list) => sum + list.length, 0);
  return { compliance, items, stopItems, invoices, flagged, total };
}

/** The card's sections: the first `shown` items of each, or all of them (the drawer). */
function AttentionSections({ attention, shown = Infinity }: { attention: ReturnType<typeof useAttention>; shown?: number }) {
  const { items, stopItems, invoices, flagged } = attention;
  return (
    <Flex vertical gap={16}>
      {items.length > 0 && <DashboardList items={items.slice(0, shown)} render={(item) => <ComplianceRow item={item} />} />}
      {stopItems.length > 0 && (
        <section aria-label="Loads" data-testid="stop-attention">
          <DashboardList items={stopItems.slice(0, shown)} render={(item) => <StopAttentionRow item={item} />} />
        </section>
      )}
      {invoices.length > 0 && (
        <section aria-label="Invoices" data-testid="overdue-invoices">
          <DashboardList items={invoices.slice(0, shown)} render={(item) => <OverdueInvoiceRow item={item} />} />
        </section>
      )}
      {flagged.length > 0 && (
        <section aria-label="Fuel purchases" data-testid="flagged-fuel">
          <DashboardList items={flagged.slice(0, shown)} render={(item) => <FlaggedFuelRow item={item} />} />
        </section>
      )}
    </Flex>
  );
}
