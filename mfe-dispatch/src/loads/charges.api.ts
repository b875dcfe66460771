import { queryOptions } from '@tanstack/react-query';
import type { Charge, ChargeInput, LoadChargeTerms } from '@tms/contracts';
import { api, newIdempotencyKey, resourceQueryKey } from '@tms/ui';
import { IDEMPOTENCY_KEY_HEADER } from '@tms/contracts';

const chargesUrl = (loadId: string) => `/api/loads/${encodeURIComponent(loadId)}/charges`;

/** GET /api/loads/:id/charges. Its key starts with the loads list's, so whatever refetches the loads refetches it. */
export const loadChargesQuery = (loadId: string) =>
  queryOptions({ queryKey: [...resourceQueryKey('loads'), loadId, 'charges'], queryFn: () => api.get<Charge[]>(chargesUrl(loadId)) });

/** GET /api/loads/:id/charge-terms: the customer's terms where it has them, else the company's. */
export const loadChargeTermsQuery = (loadId: string) =>
  queryOptions({ queryKey: [...resourceQueryKey('loads'), loadId, 'charge-terms'], queryFn: () => api.get<LoadChargeTerms>(`/api/loads/${encodeURIComponent(loadId)}/charge-terms`) });

export const chargesApi = {
  create: (loadId: string, line: Partial<ChargeInput>, key = newIdempotencyKey()) => api.post<Charge>(chargesUrl(loadId), line, { [IDEMPOTENCY_KEY_HEADER]: key }),
  update: (loadId: string, id: string, changes: Partial<ChargeInput>) => api.patch<Charge>(`${chargesUrl(loadId)}/${encodeURIComponent(id)}`, changes),
  remove: (loadId: string, id: string) => api.delete(`${chargesUrl(loadId)}/${encodeURIComponent(id)}`),
};
