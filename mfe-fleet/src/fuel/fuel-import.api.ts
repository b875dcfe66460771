import { FUEL_IMPORT_PATH, FUEL_MAPPING_LAYOUT, FUEL_MAPPINGS_PATH, type FuelCardLayout, type FuelCardMapping, type FuelCardMappingInput, type FuelImportResult } from '@tms/contracts';
import { api, postCsv, resourceQueryKey, type UploadProgress } from '@tms/ui';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

/** How a statement is read: a built-in layout, or a saved mapping (issue 48: any other layout). */
export type StatementReading = { layout: FuelCardLayout } | { layout: typeof FUEL_MAPPING_LAYOUT; mapping: string };

/** POST /api/fuel/imports (issue 48): a fuel card statement, checked (dry run) or imported; the lists refresh after. */
export function useFuelImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reading, file, dryRun, onProgress }: { reading: StatementReading; file: Blob; dryRun: boolean; onProgress?: UploadProgress }) =>
      postCsv<FuelImportResult>(`/api/${FUEL_IMPORT_PATH}?${new URLSearchParams({ ...reading, dryRun: String(dryRun) })}`, file, onProgress),
    onSuccess: (result) =>
      result.applied ? Promise.all(['fuel', 'expenses'].map((resource) => client.invalidateQueries({ queryKey: resourceQueryKey(resource) }))) : undefined,
  });
}

const MAPPINGS = `/api/${FUEL_MAPPINGS_PATH}`;

/** GET /api/fuel/mappings: the saved column mappings, by name. */
export const fuelMappingsQuery = () => queryOptions({ queryKey: [MAPPINGS], queryFn: () => api.get<FuelCardMapping[]>(MAPPINGS) });

/** POST /api/fuel/mappings: a mapping saved under its name; the layout choice lists it. */
export function useSaveFuelMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mapping: FuelCardMappingInput) => api.post<FuelCardMapping>(MAPPINGS, mapping),
    onSuccess: () => client.invalidateQueries({ queryKey: [MAPPINGS] }),
  });
}

/** DELETE /api/fuel/mappings/{id}: a saved mapping no longer offered; statements imported by it stay as they are. */
export function useDeleteFuelMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`${MAPPINGS}/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: [MAPPINGS] }),
  });
}
