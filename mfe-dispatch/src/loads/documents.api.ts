import { queryOptions } from '@tanstack/react-query';
import type { DocumentUpload, LoadDocument } from '@tms/contracts';
import { api, resourceQueryKey } from '@tms/ui';

const loadDocumentsUrl = (loadId: string) => `/api/loads/${encodeURIComponent(loadId)}/documents`;

/**
 * GET /api/loads/:id/documents. Its key starts with the loads list's, so whatever refetches the loads refetches it.
 */
export const loadDocumentsQuery = (loadId: string) =>
  queryOptions({ queryKey: [...resourceQueryKey('loads'), loadId, 'documents'], queryFn: () => api.get<LoadDocument[]>(loadDocumentsUrl(loadId)) });

/** POST /api/loads/:id/documents: keeps a file with the load. */
export const keepLoadDocument = (loadId: string, document: DocumentUpload) => api.post<LoadDocument>(loadDocumentsUrl(loadId), document);

/** Where the browser downloads a document (the gateway answers it as an attachment). */
export const documentDownloadUrl = (id: string) => `/api/documents/${encodeURIComponent(id)}/download`;
