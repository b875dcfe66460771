import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type UseMutationResult, type UseQueryResult } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER, type ImportResult } from '@tms/contracts';
import { api } from './api.js';
import { uploadCsv, type UploadProgress } from './csv-upload.js';

/**
 * The calls of one /api/{resource} (spec 7): the list as TanStack `queryOptions`, and create / update / delete as
 * mutations that refetch the list (and any related lists) once they succeed. Every front end builds its resources
 * with this, so one list has one cache entry in the shell's shared QueryClient, whichever screen shows it.
 */
export interface ResourceApi<T extends { id: string }, TBody = unknown> {
  resource: string;
  url: string;
  /** The list's query key: ['/api/{resource}']. */
  queryKey: readonly [string];
  list: (query?: string) => ReturnType<typeof resourceListQuery<T>>;
  /** The list, or with a query string (list-view.ts: `status=delivered&sort=pickupDate`) the list sorted and filtered by its owner. */
  useList: (query?: string) => UseQueryResult<T[], Error>;
  /** A create; with an `idempotencyKey` (one per dialog opening), sent twice it still makes one record. */
  useCreate: (idempotencyKey?: string) => UseMutationResult<T, Error, TBody>;
  useUpdate: () => UseMutationResult<T, Error, { id: string; body: TBody }>;
  useDelete: () => UseMutationResult<void, Error, string>;
  /** POST /api/{resource}/import (a CSV): a dry run changes nothing; an import refetches the lists. */
  useImport: () => UseMutationResult<ImportResult, Error, CsvImportRequest>;
}

export interface CsvImportRequest {
  file: Blob;
  dryRun: boolean;
  /** Apply the good rows and leave the bad ones out (issue 47's 'Import the good rows'). */
  skipInvalid?: boolean;
  onProgress?: UploadProgress;
}

/** The query key of a resource's list; other screens use it to read or refresh the same cache entry. */
export const resourceQueryKey = (resource: string) => [`/api/${resource}`] as const;

/**
 * A resource's list as query options, for a screen that only reads another domain's list (a choice list); with a
 * query string, the list as its owner sorts and filters it, kept under the list's key (a change refetches both).
 */
export function resourceListQuery<T>(resource: string, query = '') {
  return queryOptions({
    queryKey: query ? [...resourceQueryKey(resource), query] : resourceQueryKey(resource),
    queryFn: () => api.get<T[]>(query ? `/api/${resource}?${query}` : `/api/${resource}`),
  });
}

export interface ResourceApiOptions {
  /** Other resources whose lists change with this one, e.g. payments refetch 'invoices' (spec 7). */
  alsoRefetch?: string[];
}

export function createResourceApi<T extends { id: string }, TBody = unknown>(
  resource: string,
  options: ResourceApiOptions = {},
): ResourceApi<T, TBody> {
  const url = `/api/${resource}`;
  const refetched = [resource, ...(options.alsoRefetch ?? [])];

  /** After a change: refetch the lists, and settle the mutation only once they are fresh. */
  function useRefetchLists() {
    const client = useQueryClient();
    return async () => {
      await Promise.all(refetched.map((name) => client.invalidateQueries({ queryKey: resourceQueryKey(name) })));
    };
  }

  const list = (query?: string) => resourceListQuery<T>(resource, query);

  return {
    resource,
    url,
    queryKey: resourceQueryKey(resource),
    list,
    // The sorted, filtered list shows the rows it had while the next order is read, rather than skeletons.
    useList: (query?: string) => useQuery({ ...list(query), ...(query !== undefined && { placeholderData: keepPreviousData }) }),
    useCreate(idempotencyKey?: string) {
      const onSuccess = useRefetchLists();
      const headers = idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } : undefined;
      return useMutation({ mutationFn: (body: TBody) => api.post<T>(url, body, headers), onSuccess });
    },
    useUpdate() {
      const onSuccess = useRefetchLists();
      return useMutation({
        mutationFn: ({ id, body }: { id: string; body: TBody }) => api.patch<T>(`${url}/${encodeURIComponent(id)}`, body),
        onSuccess,
      });
    },
    useDelete() {
      const onSuccess = useRefetchLists();
      return useMutation({ mutationFn: (id: string) => api.delete(`${url}/${encodeURIComponent(id)}`), onSuccess });
    },
    useImport() {
      const refetch = useRefetchLists();
      return useMutation({
        mutationFn: ({ file, dryRun, skipInvalid, onProgress }: CsvImportRequest) => uploadCsv(url, file, dryRun, onProgress, skipInvalid),
        // Nothing changed on a dry run, nor when a row was wrong (unless the good rows were imported).
        onSuccess: async (result, { dryRun, skipInvalid }) => (dryRun || (result.errors.length && !skipInvalid) ? undefined : refetch()),
      });
    },
  };
}
