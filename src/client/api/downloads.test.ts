import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../auth/token-store';
import { ApiError } from './api-client';
import { downloadAuthorised, filenameFrom, saveFile } from './downloads';

afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

describe('the name of a downloaded file', () => {
  it('prefers the RFC 6266 extended name, then the plain one', () => {
    expect(filenameFrom(`attachment; filename="plain.csv"; filename*=UTF-8''Caf%C3%A9%20rota.csv`)).toBe('Café rota.csv');
    expect(filenameFrom('attachment; filename="absence report.csv"')).toBe('absence report.csv');
    expect(filenameFrom('attachment; filename=plain.xlsx')).toBe('plain.xlsx');
    expect(filenameFrom('inline')).toBeNull();
    expect(filenameFrom(null)).toBeNull();
  });
});

describe('an authorised download', () => {
  it('sends the bearer token and the query, and names the file as the server does', async () => {
    setToken('token-1');
    const fetch = vi.fn(async () => new Response('a,b', { headers: { 'content-disposition': 'attachment; filename="export.csv"' } }));
    vi.stubGlobal('fetch', fetch);
    const file = await downloadAuthorised('/api/things', { format: 'csv', status: ['a', 'b'] });
    expect(file.filename).toBe('export.csv');
    expect(await file.blob.text()).toBe('a,b');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    // The query is written as every API call writes it (stringifyQuery).
    expect(new URL(url).search).toBe('?format=csv&status[]=a&status[]=b');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer token-1');
  });

  it("rejects with the API's message, and saves nothing", async () => {
    vi.stubGlobal('fetch', async () => Response.json({ message: 'This export is no longer available.' }, { status: 410 }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    const failure = saveFile('/api/things', 'things.csv');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 410, message: 'This export is no longer available.' });
    expect(clicked).not.toHaveBeenCalled();
  });
});
