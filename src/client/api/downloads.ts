// Files of the API, fetched with the bearer token (never through a public link): as a response
// to read or stream, as a blob with the name the server gave it, or saved as a download. A
// failure rejects with the ApiError of the response's JSON body; callers decide what to say.
import { getToken } from '../auth/token-store';
import type { QueryInput } from '../../shared/query-string';
import { ApiError, apiUrl, freshToken } from './api-client';

export type Download = { blob: Blob; filename: string | null };

/** The API's answer to `path` (any method), refused with an ApiError unless it is a success. */
export async function fetchFile(path: string, options: { query?: QueryInput; init?: RequestInit } = {}): Promise<Response> {
  await freshToken();
  const headers = new Headers(options.init?.headers);
  const token = getToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  const response = await fetch(apiUrl(path, options.query), { ...options.init, headers });
  if (response.status >= 300) {
    const body: unknown = await response.json().catch(() => undefined);
    throw new ApiError(response.status, body);
  }
  return response;
}

/** The file at `path` and the name its Content-Disposition gives. */
export async function downloadAuthorised(path: string, query?: QueryInput, init?: RequestInit): Promise<Download> {
  const response = await fetchFile(path, { query, init });
  return { blob: await response.blob(), filename: filenameFrom(response.headers.get('content-disposition')) };
}

/** Fetches the file at `path` and saves it under the server's name, or `fallbackName` when it gives none. */
export async function saveFile(path: string, fallbackName: string, query?: QueryInput): Promise<void> {
  const { blob, filename } = await downloadAuthorised(path, query);
  saveBlob(blob, filename ?? fallbackName);
}

/** The file name of a Content-Disposition header (RFC 6266: filename* first). */
export function filenameFrom(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // Fall through to the plain parameter.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(header)?.[1]?.trim() ?? null;
}

/** Hands the blob to the browser as a download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the address to the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
