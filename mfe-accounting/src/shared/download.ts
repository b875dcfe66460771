import { ApiError, saveFile, useToast } from '@tms/ui';
import { refusalReason } from './refusal-reason.js';

/** The file name of a Content-Disposition header (`filename*=UTF-8''…` first, then `filename="…"`), if it has one. */
export function attachmentName(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  return /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(disposition)?.[1].replace(/\\(.)/g, '$1') ?? /filename\s*=\s*([^;]+)/i.exec(disposition)?.[1].trim();
}

/**
 * Saves what GET `url` answers (a PDF) as the file the server names. It is fetched first rather than linked to, so
 * that a refusal shows as a toast instead of a broken download.
 */
export async function downloadFile(url: string): Promise<void> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) throw new ApiError(response.status, (await response.text()) || response.statusText);
  saveFile(attachmentName(response.headers.get('Content-Disposition')) ?? new URL(url, location.href).pathname.split('/').pop()!, await response.blob());
}

/** Downloads a file, or shows the 'Error' toast with `failed` (and the server's reason). */
export function useDownload() {
  const toast = useToast();
  return (url: string, failed: string) => {
    downloadFile(url).catch((error: unknown) => toast.error(failed, refusalReason(error)));
  };
}
