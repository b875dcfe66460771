import {
  FACTORING_REPORTS_PATH,
  FACTORING_RESOURCE,
  type FactoringInvoice,
  type FactorSettings,
  type Ledger,
  type ReportKind,
  type ReportResult,
  type Schedule,
} from '@tms/contracts';
import { api, postCsv, resourceQueryKey } from '@tms/ui';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

const BASE = `/api/${FACTORING_RESOURCE}`;

export const factorQuery = () => queryOptions({ queryKey: [BASE], queryFn: () => api.get<FactorSettings>(BASE) });
export const offeredInvoicesQuery = () => queryOptions({ queryKey: [BASE, 'invoices'], queryFn: () => api.get<FactoringInvoice[]>(`${BASE}/invoices`) });
export const schedulesQuery = () => queryOptions({ queryKey: [BASE, 'schedules'], queryFn: () => api.get<Schedule[]>(`${BASE}/schedules`) });
export const ledgerQuery = (from?: string, to?: string) =>
  queryOptions({
    queryKey: [BASE, 'ledger', from ?? '', to ?? ''],
    queryFn: () => api.get<Ledger>(`${BASE}/ledger?${new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) })}`),
  });
export const mappingQuery = (kind: ReportKind) =>
  queryOptions({ queryKey: [BASE, 'mapping', kind], queryFn: () => api.get<Record<string, string>>(`/api/${FACTORING_REPORTS_PATH}/mapping?kind=${kind}`) });
export const scheduleFileUrl = (schedule: Pick<Schedule, 'id'>, kind: 'pdf' | 'csv' | 'zip') => `${BASE}/schedules/${schedule.id}/${kind}`;

/** Everything a change of factoring moves: the drawer's lists, the ledger, the invoices' tags and the Overview. */
function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: [BASE] }), client.invalidateQueries({ queryKey: resourceQueryKey('invoices') })]);
}

/** POST /api/factoring/schedules: a schedule of the invoices picked. */
export function useMakeSchedule() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (invoiceIds: string[]) => api.post<Schedule>(`${BASE}/schedules`, { invoiceIds }), onSuccess: refresh });
}

/** POST /api/factoring/reports: a factor's report, checked (dry run) or applied, read by `mapping` when given. */
export function useReport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ kind, file, dryRun, mapping }: { kind: ReportKind; file: Blob; dryRun: boolean; mapping: Record<string, string> }) =>
      postCsv<ReportResult>(`/api/${FACTORING_REPORTS_PATH}?${new URLSearchParams({ kind, dryRun: String(dryRun), mapping: JSON.stringify(mapping) })}`, file),
    onSuccess: (result) => (result.applied ? refresh() : undefined),
  });
}
