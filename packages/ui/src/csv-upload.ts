import type { ImportResult } from '@tms/contracts';
import { ApiError } from './api.js';

/** How far an upload has gone, 0 to 1. */
export type UploadProgress = (fraction: number) => void;

/**
 * POST /api/{resource}/import?dryRun=...: the file as the text/csv body, through XMLHttpRequest, whose upload reports
 * its progress (fetch's does not). A non-OK answer is an ApiError, as api.ts makes them.
 */
export function uploadCsv(url: string, file: Blob, dryRun: boolean, onProgress?: UploadProgress, skipInvalid = false): Promise<ImportResult> {
  return postCsv<ImportResult>(`${url}/import?dryRun=${dryRun}${skipInvalid ? '&skipInvalid=true' : ''}`, file, onProgress);
}

/** A CSV posted as the body to `target` (its query included), as an import is: a factor's report (issue 45). */
export function postCsv<T>(target: string, file: Blob, onProgress?: UploadProgress): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', target);
    request.withCredentials = true;
    request.setRequestHeader('Content-Type', 'text/csv');
    request.upload.onprogress = (event) => event.lengthComputable && onProgress?.(event.loaded / event.total);
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve(JSON.parse(request.responseText) as T);
        } catch {
          reject(new ApiError(request.status, 'The answer could not be read'));
        }
      } else {
        reject(new ApiError(request.status, request.responseText || request.statusText));
      }
    };
    request.onerror = () => reject(new ApiError(0, 'The file could not be sent'));
    request.send(file);
  });
}
