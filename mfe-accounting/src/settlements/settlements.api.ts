import type { Settlement, SettlementDraft, SettlementDraftQuery } from '@tms/contracts';
import { api, createResourceApi } from '@tms/ui';

/** GET/POST /api/settlements, PATCH/DELETE /api/settlements/:id; the list is refetched after every change. */
export const settlementsApi = createResourceApi<Settlement>('settlements');

/** What a settlement of the driver's delivered loads in the period ('YYYY-MM-DD' days) would be; the server saves nothing. */
export const fetchSettlementDraft = ({ driverId, periodStart, periodEnd }: SettlementDraftQuery) =>
  api.get<SettlementDraft>(`/api/settlements/draft?${new URLSearchParams({ driverId, periodStart, periodEnd })}`);

/** The driver's statement, as a PDF. */
export const settlementStatementUrl = (settlement: Pick<Settlement, 'id'>) => `/api/settlements/${encodeURIComponent(settlement.id)}/pdf`;
