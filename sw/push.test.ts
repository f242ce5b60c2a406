// A push notification's click in the worker, against the real outbox and a fake network:
// Approve is queued under one key per notification and action and reaches the server exactly
// once, offline first or clicked twice; someone else signed in on the device gets the app
// opened instead; the body and Decline open the app at their link.
import { beforeEach, describe, expect, it } from 'vitest';
import type { PushPayload } from '../src/shared/push.contract';
import { ORIGIN, bodyText, h, offline, online, resetOutbox, tokenFor } from './outbox.test-support';
import { actionKey, handleNotificationClick, readPayload, type PushDeps } from './push';

const ABSENCE = '4b0c2a8e-5d1f-4e3a-9c7b-2f6e8d0a1b3c';
const payload: PushPayload = {
  id: 'notification-1',
  user_id: 'user-a',
  title: 'Leave: action required',
  body: 'Ella Evans has asked for Annual leave on 04/06/2029.',
  link: `/absence/${ABSENCE}`,
  todo: true,
  actions: [
    {
      action: 'approve',
      title: 'Approve',
      kind: 'write',
      method: 'POST',
      path: `/api/user-absence/${ABSENCE}/approve`,
      resource: 'user-absence',
      label: "Approve Ella Evans's absence",
      body: {},
      link: `/absence/${ABSENCE}`,
    },
    { action: 'decline', title: 'Decline', kind: 'open', link: `/absence/${ABSENCE}?decline=1` },
  ],
};

let opened: string[];
let deps: PushDeps;

beforeEach(async () => {
  resetOutbox();
  opened = [];
  const scope = {
    location: new URL(ORIGIN),
    clients: {
      matchAll: async () => [],
      openWindow: async (url: string) => {
        opened.push(url);
        return null;
      },
    },
  } as unknown as ServiceWorkerGlobalScope;
  deps = { scope, outbox: h.outbox, store: h.store, now: () => h.clock };
  await h.outbox.setToken(tokenFor('user-a'), 'user-a');
});

const approvals = () => h.network.received.filter((request) => request.url === `${ORIGIN}/api/user-absence/${ABSENCE}/approve`);

describe('Approve from the notification', () => {
  it('goes through the outbox with its own Idempotency-Key, once however often it is clicked', async () => {
    online(() => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }));
    expect(await handleNotificationClick(deps, payload, 'approve')).toBe('queued');
    expect(await handleNotificationClick(deps, payload, 'approve')).toBe('queued');
    expect(approvals()).toHaveLength(1);
    const [sent] = approvals();
    expect(sent?.method).toBe('POST');
    expect(sent?.headers.get('idempotency-key')).toBe(actionKey(payload, payload.actions[0]!));
    expect(sent?.headers.get('authorization')).toBe(`Bearer ${tokenFor('user-a')}`);
    expect(bodyText(sent!)).toBe('{}');
    expect((await h.outbox.list('user-a'))[0]).toMatchObject({ state: 'synced', label: "Approve Ella Evans's absence" });
    expect(opened).toEqual([]);
  });

  it('waits offline and is sent once when the network returns', async () => {
    offline();
    await handleNotificationClick(deps, payload, 'approve');
    expect(approvals()).toHaveLength(0);
    expect((await h.outbox.list('user-a'))[0]).toMatchObject({ state: 'waiting', resource: 'user-absence' });
    online(() => new Response('{}', { status: 200 }));
    await h.outbox.replay();
    await h.outbox.replay();
    expect(approvals()).toHaveLength(1);
  });

  it('opens the app instead when someone else, or nobody, is signed in on the device', async () => {
    await h.outbox.setToken(tokenFor('user-b'), 'user-b');
    expect(await handleNotificationClick(deps, payload, 'approve')).toBe('opened');
    await h.outbox.setToken(null, null);
    expect(await handleNotificationClick(deps, payload, 'approve')).toBe('opened');
    expect(approvals()).toHaveLength(0);
    expect(opened).toEqual([`${ORIGIN}/absence/${ABSENCE}`, `${ORIGIN}/absence/${ABSENCE}`]);
  });
});

describe('opening', () => {
  it('opens the request with its reason box for Decline, and the link for the body', async () => {
    await handleNotificationClick(deps, payload, 'decline');
    await handleNotificationClick(deps, payload, '');
    expect(opened).toEqual([`${ORIGIN}/absence/${ABSENCE}?decline=1`, `${ORIGIN}/absence/${ABSENCE}`]);
    expect(h.network.received).toEqual([]);
  });
});

describe('reading a push message', () => {
  const data = (value: unknown) => ({ json: () => value });
  it('takes our payloads and drops actions that are not ours to run', () => {
    const read = readPayload(
      data({
        ...payload,
        link: 'https://evil.test/',
        actions: [...payload.actions, { action: 'x', title: 'X', kind: 'write', path: 'https://evil.test/api', resource: 'r', link: '/' }],
      }),
    );
    expect(read?.link).toBeNull();
    expect(read?.actions.map((action) => action.action)).toEqual(['approve', 'decline']);
    expect(readPayload(data('hello'))).toBeNull();
    expect(readPayload({ json: () => JSON.parse('not json') as unknown })).toBeNull();
    expect(readPayload(null)).toBeNull();
  });
});
