import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_IN_KEY, setToken, TOKEN_KEY } from '../auth/token-store';
import { reloadPage } from '../shell/reload-page';
import { apiFetch, ApiError } from './api-client';
import { mockApi } from '../ui/test-render';

vi.mock('../shell/reload-page', () => ({ reloadPage: vi.fn() }));

const server = mockApi();
beforeEach(() => {
  localStorage.clear();
  vi.mocked(reloadPage).mockClear();
});

/** Answers with what the server saw, so each test can look at one part of the request. */
function echo(path: string, status = 200) {
  server.use(
    http.all(path, async ({ request }) => {
      const text = await request.text();
      return HttpResponse.json(
        {
          method: request.method,
          search: new URL(request.url).search,
          authorization: request.headers.get('authorization'),
          idempotencyKey: request.headers.get('idempotency-key'),
          contentType: request.headers.get('content-type'),
          body: text === '' ? null : (JSON.parse(text) as unknown),
        },
        { status },
      );
    }),
  );
}

type Seen = {
  method: string;
  search: string;
  authorization: string | null;
  idempotencyKey: string | null;
  contentType: string | null;
  body: unknown;
};

describe('apiFetch', () => {
  it('sends the stored token as a bearer token, and none when signed out', async () => {
    echo('/api/thing');
    expect((await apiFetch<Seen>('/api/thing')).authorization).toBeNull();
    setToken('abc.def.ghi');
    expect((await apiFetch<Seen>('/api/thing')).authorization).toBe('Bearer abc.def.ghi');
  });

  it('writes the query in the bracket format, skipping empty values and wrapping list filters', async () => {
    echo('/api/users');
    const seen = await apiFetch<Seen>('/api/users', {
      query: { status: 'active', tag_ids: [1, 2], name: '', department_id: null, offset: 20, limit: 20 },
    });
    expect(decodeURIComponent(seen.search)).toBe('?status[]=active&tag_ids[]=1&tag_ids[]=2&offset=20&limit=20');
  });

  it('sends JSON bodies, and no content type without a body', async () => {
    echo('/api/user-absence');
    const created = await apiFetch<Seen>('/api/user-absence', { method: 'POST', body: { reason: 'Holiday', days: 2 } });
    expect(created).toMatchObject({ method: 'POST', contentType: 'application/json', body: { reason: 'Holiday', days: 2 } });
    const bare = await apiFetch<Seen>('/api/user-absence', { method: 'POST' });
    expect(bare).toMatchObject({ contentType: null, body: null });
  });

  it('sends a FormData body as multipart, with the token and a key like any write', async () => {
    setToken('abc.def.ghi');
    server.use(
      http.post('/api/receipts', async ({ request }) => {
        const form = await request.formData();
        return HttpResponse.json({
          contentType: request.headers.get('content-type'),
          authorization: request.headers.get('authorization'),
          idempotencyKey: request.headers.get('idempotency-key'),
          itemId: form.get('item_id'),
          note: form.get('note'),
        });
      }),
    );
    const form = new FormData();
    form.set('item_id', '7');
    // (jsdom's File is not the one Node's fetch reads, so a text field stands in for the file.)
    form.set('note', '£12.40 taxi');
    const seen = await apiFetch<Record<string, unknown>>('/api/receipts', { method: 'POST', body: form });
    expect(seen).toMatchObject({ authorization: 'Bearer abc.def.ghi', itemId: '7', note: '£12.40 taxi' });
    expect(seen.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('puts a fresh Idempotency-Key on every write and none on reads', async () => {
    echo('/api/user-absence/7');
    const read = await apiFetch<Seen>('/api/user-absence/7');
    expect(read.idempotencyKey).toBeNull();
    const keys = [];
    for (const method of ['POST', 'PUT', 'DELETE'] as const)
      keys.push((await apiFetch<Seen>('/api/user-absence/7', { method })).idempotencyKey);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(3);
    expect((await apiFetch<Seen>('/api/user-absence/7', { method: 'PUT', idempotencyKey: 'retry-1' })).idempotencyKey).toBe('retry-1');
  });

  it('answers undefined for an empty response', async () => {
    server.use(http.post('/api/logout', () => new HttpResponse(null, { status: 204 })));
    await expect(apiFetch('/api/logout', { method: 'POST' })).resolves.toBeUndefined();
  });

  it('throws an ApiError carrying the status, the body, its message and field errors', async () => {
    server.use(
      http.post('/api/users', () =>
        HttpResponse.json(
          { code: 'validation', message: 'Please check provided details.', errors: { email: ['Required'] } },
          { status: 422 },
        ),
      ),
    );
    const error = await apiFetch('/api/users', { method: 'POST', body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'validation',
      message: 'Please check provided details.',
      fieldErrors: { email: ['Required'] },
    });
    expect((error as ApiError).body).toEqual({
      code: 'validation',
      message: 'Please check provided details.',
      errors: { email: ['Required'] },
    });
  });

  it('throws for any status of 300 or more, with a default message when the body has none', async () => {
    server.use(http.get('/api/moved', () => new HttpResponse('gone', { status: 304 })));
    server.use(http.get('/api/broken', () => new HttpResponse('<html>', { status: 502 })));
    await expect(apiFetch('/api/moved')).rejects.toMatchObject({ status: 304 });
    await expect(apiFetch('/api/broken')).rejects.toMatchObject({
      status: 502,
      code: 'internal',
      message: 'Unexpected error occurred.',
      body: undefined,
    });
  });

  it('clears the token and reloads when the server refuses the session', async () => {
    setToken('expired.token.here');
    server.use(
      http.get('/api/notifications', () =>
        HttpResponse.json({ code: 'unauthenticated', message: 'Please sign in again.' }, { status: 401 }),
      ),
    );
    await expect(apiFetch('/api/notifications')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(LOGGED_IN_KEY)).toBeNull();
    expect(reloadPage).toHaveBeenCalledOnce();
  });

  it('leaves a 401 to the caller when no session was sent or the call opts out', async () => {
    server.use(
      http.post('/api/login', () => HttpResponse.json({ message: 'Login Failed, please check your email and password.' }, { status: 401 })),
    );
    await expect(apiFetch('/api/login', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 401 });
    setToken('still.valid.token');
    server.use(http.post('/api/logout', () => HttpResponse.json({}, { status: 401 })));
    await expect(apiFetch('/api/logout', { method: 'POST', handleUnauthorised: false })).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('still.valid.token');
    expect(reloadPage).not.toHaveBeenCalled();
  });
});

describe('queueable writes', () => {
  it('marks them for the outbox and hands a queued answer back instead of throwing', async () => {
    const seen: Array<{ resource: string | null; label: string | null; key: string | null }> = [];
    server.use(
      http.post('/api/contact-us', ({ request }) => {
        seen.push({
          resource: request.headers.get('x-outbox-resource'),
          label: request.headers.get('x-outbox-label'),
          key: request.headers.get('idempotency-key'),
        });
        return HttpResponse.json({ queued: true, idempotency_key: request.headers.get('idempotency-key') }, { status: 202 });
      }),
    );
    const answer = await apiFetch('/api/contact-us', {
      method: 'POST',
      body: { message: 'hi' },
      idempotencyKey: 'key-1',
      queue: { resource: 'contact-us', label: 'Message to support — urgent', schema: null, form: null },
    });
    expect(answer).toEqual({ queued: true, idempotency_key: 'key-1' });
    expect(seen).toEqual([{ resource: 'contact-us', label: encodeURIComponent('Message to support — urgent'), key: 'key-1' }]);
  });
});
