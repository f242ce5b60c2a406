// Authenticated GET downloads: the file's bytes with the bearer token, as a blob,
// and saving one under the name the server gave it. A failure rejects with the ApiError of
// the response's JSON body; callers decide what to say.
import { ApiError } from '../../../../client/api/api-client';
import { getToken } from '../../../../client/auth/token-store';
import { stringifyQuery, type QueryInput } from '../../../../shared/query-string';

export type Download = { blob: Blob; filename: string | null };

export async function downloadAuthorised(path: string, query?: QueryInput): Promise<Download> {
  const url = new URL(path, window.location.origin);
  const search = query ? stringifyQuery(query) : '';
  if (search) url.search = search;
  const headers = new Headers();
  const token = getToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  const response = await fetch(url, { headers });
  if (response.status >= 300) {
    const body: unknown = await response.json().catch(() => undefined);
    throw new ApiError(response.status, body);
  }
  return { blob: await response.blob(), filename: filenameFrom(response.headers.get('content-disposition')) };
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
