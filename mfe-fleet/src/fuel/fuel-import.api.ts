import { FUEL_IMPORT_PATH, type FuelCardLayout, type FuelImportResult } from '@tms/contracts';
import { postCsv, resourceQueryKey, type UploadProgress } from '@tms/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/fuel/imports (issue 48): a fuel card statement, checked (dry run) or imported; the lists refresh after. */
export function useFuelImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ layout, file, dryRun, onProgress }: { layout: FuelCardLayout; file: Blob; dryRun: boolean; onProgress?: UploadProgress }) =>
      postCsv<FuelImportResult>(`/api/${FUEL_IMPORT_PATH}?${new URLSearchParams({ layout, dryRun: String(dryRun) })}`, file, onProgress),
    onSuccess: (result) =>
      result.applied ? Promise.all(['fuel', 'expenses'].map((resource) => client.invalidateQueries({ queryKey: resourceQueryKey(resource) }))) : undefined,
  });
}
