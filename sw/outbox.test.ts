// The outbox's logic against a real IndexedDB implementation and a fake network: taking writes, logout and files.
import { beforeEach, describe, expect, it } from 'vitest';
import { SW_MESSAGE } from '../src/shared/sw-messages';
import { ORIGIN, START, tokenFor, jsonResponse, bodyText, h, resetOutbox, write, send, offline, online, item } from './outbox.test-support';

beforeEach(resetOutbox);

describe('taking writes', () => {
  it('stores a write the h.network cannot carry and answers 202 with its key', async () => {
    offline();
    const response = await send(write({ key: 'k1', message: 'first' }));
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ queued: true, idempotency_key: 'k1' });
    const [queued] = await h.outbox.list('user-a');
    expect(queued).toMatchObject({
      id: 'k1',
      state: 'waiting',
      resource: 'contact-us',
      label: 'Message to support — urgent',
      method: 'POST',
      url: '/api/contact-us',
      body: { message: 'first' },
      createdAt: new Date(START).toISOString(),
    });
    const stored = await h.store.get('k1');
    expect(stored?.headers.map(([name]) => name)).not.toContain('authorization');
    expect(JSON.stringify(stored)).not.toContain(tokenFor('user-a'));
  });

  it('gives the page what the server answered, and keeps nothing, when the h.network works', async () => {
    online(() => jsonResponse(422, { code: 'validation', message: 'Please check provided details.' }));
    const refused = await send(write({ key: 'k1' }));
    expect(refused.status).toBe(422);
    online();
    expect((await send(write({ key: 'k2' }))).status).toBe(201);
    expect(await h.outbox.list('user-a')).toEqual([]);
  });

  it('queues when a gateway answers for a server that is away', async () => {
    online(() => new Response('', { status: 503 }));
    expect((await send(write({ key: 'k1' }))).status).toBe(202);
    expect((await item('user-a', 'k1'))?.state).toBe('waiting');
  });

  it('leaves reads, other origins and unmarked writes alone', () => {
    expect(h.outbox.handleFetch(new Request(`${ORIGIN}/api/contact-us`))).toBeNull();
    const unmarked = new Request(`${ORIGIN}/api/contact-us`, { method: 'POST', body: '{}' });
    expect(h.outbox.handleFetch(unmarked)).toBeNull();
    const elsewhere = new Request('https://other.test/api/contact-us', { method: 'POST', headers: { 'x-outbox-resource': 'x' } });
    expect(h.outbox.handleFetch(elsewhere)).toBeNull();
  });

  it('gives a write without an Idempotency-Key one, used by the first attempt and the replay alike', async () => {
    online(() => 'network-error');
    const response = await send(write({}));
    const { idempotency_key } = (await response.json()) as { idempotency_key: string };
    expect(idempotency_key).toBe('generated-1');
    online();
    await h.outbox.setToken(tokenFor('user-a'), 'user-a');
    expect(h.network.received[0]?.headers.get('idempotency-key')).toBe('generated-1');
  });

  it('queues a write behind the same resource’s waiting ones, even when the h.network is back', async () => {
    offline();
    await send(write({ key: 'a1', message: 'one' }));
    online();
    expect((await send(write({ key: 'a2', message: 'two' }))).status).toBe(202);
    expect(h.network.received).toHaveLength(0);
    // Another resource does not wait.
    expect((await send(write({ key: 'b1', resource: 'alerts', path: '/api/alerts' }))).status).toBe(201);
    await h.outbox.setToken(tokenFor('user-a'), 'user-a');
    expect(h.network.received.filter((request) => request.url.endsWith('/contact-us')).map(bodyText)).toEqual([
      '{"message":"one"}',
      '{"message":"two"}',
    ]);
  });
});

describe('logout', () => {
  it('erases the user’s items and the mirrored token, and nobody else’s', async () => {
    offline();
    await send(write({ key: 'a1', userId: 'user-a' }));
    await send(write({ key: 'b1', userId: 'user-b' }));
    await h.outbox.setToken(tokenFor('user-a'), 'user-a');
    await h.outbox.clearUser('user-a');
    expect(await h.outbox.list('user-a')).toEqual([]);
    expect(await h.store.get('a1')).toBeUndefined();
    expect(await h.store.getToken()).toBeNull();
    expect((await h.outbox.list('user-b')).map((entry) => entry.id)).toEqual(['b1']);
    expect(h.posted.at(-1)).toEqual({ type: SW_MESSAGE.outboxChanged, userId: 'user-a', items: [] });
  });
});

describe('files', () => {
  it('replays a multipart upload byte for byte', async () => {
    const bytes = new Uint8Array(4096);
    for (let index = 0; index < bytes.length; index++) bytes[index] = (index * 7 + 3) % 256;
    // Written out by hand: jsdom's File does not serialise through Node's FormData.
    const boundary = '----stafflane-test-boundary';
    const encoder = new TextEncoder();
    const head = encoder.encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="is_public"\r\n\r\nfalse\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
    const sent = new Uint8Array([...head, ...bytes, ...tail]);
    const contentType = `multipart/form-data; boundary=${boundary}`;
    const request = write({
      key: 'f1',
      resource: 'users',
      path: '/api/user-profile-image/user-a',
      body: sent.slice(),
      headers: { 'content-type': contentType },
    });

    offline();
    expect((await send(request)).status).toBe(202);
    expect((await item('user-a', 'f1'))?.body).toBeUndefined();
    online();
    await h.outbox.setToken(tokenFor('user-a'), 'user-a');

    const [received] = h.network.received;
    expect(received?.headers.get('content-type')).toBe(contentType);
    expect(received?.body).toEqual(sent);
    const parsed = await new Response(received?.body, { headers: { 'content-type': contentType } }).formData();
    const file = parsed.get('file') as File;
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
    expect(file.name).toBe('me.png');
  });

  it('gives a refused multipart write its fields and files back (to correct it in its form), and only a refused one', async () => {
    const boundary = '----stafflane-test-boundary';
    const encoder = new TextEncoder();
    const multipart = (record: string) =>
      encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${record}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bay.jpg"\r\nContent-Type: image/jpeg\r\n\r\n` +
          `JPEG-BYTES\r\n--${boundary}--\r\n`,
      );
    const headers = {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'x-outbox-form': encodeURIComponent('/incident-logs/new'),
    };
    offline();
    await send(write({ key: 'r1', resource: 'incident-log', path: '/api/incident-log', body: multipart('{"location":" "}'), headers }));
    expect((await item('user-a', 'r1'))?.parts).toBeUndefined();
    online(() =>
      jsonResponse(422, { code: 'validation', message: 'Please check provided details.', errors: { location: ['Field is required.'] } }),
    );
    await h.outbox.setToken(tokenFor('user-a'), 'user-a');

    const refused = await item('user-a', 'r1');
    expect(refused?.state).toBe('needs_attention');
    expect(refused?.parts?.fields).toEqual({ data: '{"location":" "}' });
    expect(refused?.parts?.files.map(({ name, file }) => [name, file.name, file.type])).toEqual([['file', 'bay.jpg', 'image/jpeg']]);
    expect(await refused?.parts?.files[0]?.file.text()).toBe('JPEG-BYTES');
  });

  it('keeps the form a write names when it is a path of the app or a dialog of the app, and no other', async () => {
    offline();
    const forms = ['/expenses/new', '#contact-support', 'https://elsewhere.test/form', '//elsewhere.test/form', '#<script>'];
    for (const [index, form] of forms.entries()) {
      const headers = { 'content-type': 'application/json', 'x-outbox-form': encodeURIComponent(form) };
      await send(write({ key: `f${index}`, resource: 'contact-us', path: '/api/contact-us', body: '{}', headers }));
    }
    const kept = await Promise.all(forms.map(async (_, index) => (await item('user-a', `f${index}`))?.form));
    expect(kept).toEqual(['/expenses/new', '#contact-support', undefined, undefined, undefined]);
  });
});
