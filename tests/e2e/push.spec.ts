// Web Push in Chromium, end to end on a 390 px phone: Ella asks for a day off; the server's
// job encrypts the "please approve" notification for Marcus's device and sends it to a local
// push endpoint (which decrypts it, RFC 8291); that message is delivered to Marcus's service
// worker through the DevTools protocol, which shows it with Approve and Decline; his Approve
// (a notificationclick in the worker) goes out through the outbox and approves the request
// exactly once, clicked twice. Decline opens the request with the reason box. His Devices
// section of My settings is looked at on the phone and the desktop.
import type { BrowserContext, CDPSession, Page, Worker } from '@playwright/test';
import { sql } from 'kysely';
import type { AbsenceDetail } from '../../src/modules/leave/absences.contract';
import type { PushPayload } from '../../src/shared/push.contract';
import { withTenant } from '../../src/server/db/database';
import { addDays, londonDate, startOfWeek } from '../../src/shared/dates';
import { startPushReceiver, type PushReceiver } from '../support/push-receiver';
import { ACCOUNTS, apiSignIn } from './support/accounts';
import { expect, PHONE, signIn, test, waitForActivatedServiceWorker } from './support/fixtures';
import { withServerDatabase } from './support/server-database';

// Offline, push or the outbox: this spec works with the service worker.
test.use({ serviceWorkers: 'allow' });

const SCREENSHOTS = '/tmp/push-e2e';
// A Tuesday well ahead, different each run, so no other spec's booking overlaps it — and
// away from Christmas and New Year, whose bank holidays (and their substitutes) fall on Tuesdays.
function tuesday(weeks: number): string {
  const day = addDays(startOfWeek(londonDate(new Date())), 7 * weeks + 1);
  const monthDay = day.slice(5);
  return monthDay >= '12-22' || monthDay <= '01-04' ? tuesday(weeks + 3) : day;
}
const firstWeek = 40 + Math.floor(Math.random() * 60);

let receiver: PushReceiver;
let endpoint: string;

test.beforeAll(async () => {
  receiver = await startPushReceiver();
});
test.afterAll(async () => {
  await withServerDatabase((db) =>
    db.transaction().execute(async (trx) => {
      await sql`select set_config('app.scope', 'system', true)`.execute(trx);
      await sql`delete from push_subscriptions where endpoint = ${endpoint}`.execute(trx);
    }),
  );
  await receiver.close();
});

type Tokens = { employee: string; manager: string; companyId: string; managerId: string };

async function tokens(page: Page): Promise<Tokens> {
  const ella = await apiSignIn(page.request, ACCOUNTS.employee);
  const marcus = await apiSignIn(page.request, ACCOUNTS.manager);
  const claims = JSON.parse(Buffer.from(marcus.auth_token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    user_id: string;
    company_id: string;
  };
  return { employee: ella.auth_token, manager: marcus.auth_token, companyId: claims.company_id, managerId: claims.user_id };
}

async function requestDayOff(page: Page, token: string, day: string): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const types = (await (await page.request.get('/api/leave-type?limit=100', { headers })).json()) as {
    results: { id: string; key: string | null }[];
  };
  const annual = types.results.find((type) => type.key === 'annual_leave');
  const res = await page.request.post('/api/user-absence', {
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    data: { leave_type_id: annual?.id, start_date: day, end_date: day },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as AbsenceDetail).id;
}

/** The message the server pushed for this absence, as the device decrypted it. */
async function pushedFor(absenceId: string): Promise<{ text: string; payload: PushPayload }> {
  await expect
    .poll(() => receiver.received.some((push) => push.plaintext.includes(`/absence/${absenceId}"`)), { timeout: 20_000 })
    .toBe(true);
  expect(receiver.rejected).toEqual([]);
  const text = receiver.received.find((push) => push.plaintext.includes(`/absence/${absenceId}"`))!.plaintext;
  return { text, payload: JSON.parse(text) as PushPayload };
}

async function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === `${origin}/` && !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/**
 * A push message delivered to the worker, once its handler's showNotification has settled.
 * Reading the notifications before that races the browser's own bookkeeping: Chromium's
 * getNotifications() drops what is not yet on screen, and a notification it drops is gone.
 */
async function deliver(cdp: CDPSession, worker: Worker, push: { origin: string; registration: string; text: string; tag: string }) {
  await worker.evaluate(() => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration; settled?: string[] };
    if (scope.settled) return;
    const settled: string[] = (scope.settled = []);
    const show = scope.registration.showNotification.bind(scope.registration);
    scope.registration.showNotification = async (title, options) => {
      try {
        await show(title, options);
      } finally {
        settled.push(options?.tag ?? '');
      }
    };
  });
  const before = await worker.evaluate(
    (tag) => (self as unknown as { settled: string[] }).settled.filter((t) => t === tag).length,
    push.tag,
  );
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: push.origin, registrationId: push.registration, data: push.text });
  await expect
    .poll(() => worker.evaluate((tag) => (self as unknown as { settled: string[] }).settled.filter((t) => t === tag).length, push.tag))
    .toBe(before + 1);
}

async function shown(worker: Worker, tag: string) {
  return worker.evaluate(async (wanted) => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration };
    const list = await scope.registration.getNotifications({ tag: wanted });
    return list.map((n: Notification) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      actions: ((n as Notification & { actions?: { action: string; title: string }[] }).actions ?? []).map(({ action, title }) => ({
        action,
        title,
      })),
    }));
  }, tag);
}

/** A click on the shown notification (or one of its buttons), as the system would deliver it to the worker. */
async function click(worker: Worker, tag: string, action: string): Promise<void> {
  await worker.evaluate(
    async ({ wanted, name }) => {
      // The worker's globals, which this file's DOM types do not describe.
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent: (event: Event) => boolean;
        NotificationEvent: new (type: string, init: { notification: Notification; action: string }) => Event;
      };
      const [notification] = await scope.registration.getNotifications({ tag: wanted });
      if (!notification) throw new Error('no notification shown');
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification, action: name }));
    },
    { wanted: tag, name: action },
  );
}

async function openManager(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, ACCOUNTS.manager, 'demo-password');
  await expect(
    page.getByRole('button', { name: 'Menu', exact: true }).or(page.getByRole('navigation', { name: 'Main menu' })),
  ).toBeVisible();
  await waitForActivatedServiceWorker(page);
  return page;
}

test('a leave request pushed to the manager’s phone is approved from the notification, once', async ({
  browser,
  page,
  expectedConsole,
}) => {
  test.setTimeout(120_000);
  // The worker's synthetic click cannot extend its own lifetime; that is the test's doing.
  expectedConsole.push(/ExtendableEvent|waitUntil/);
  const who = await tokens(page);
  const device = receiver.device(`marcus-${Date.now()}`);
  endpoint = device.endpoint;
  // The push service: a local endpoint (the API takes only public https services, so the row is written as the API would).
  await withServerDatabase((db) =>
    withTenant(db, who.companyId, (trx) =>
      sql`insert into push_subscriptions (company_id, user_id, endpoint, p256dh, auth, device)
          values (${who.companyId}, ${who.managerId}, ${device.endpoint}, ${device.keys.p256dh}, ${device.keys.auth}, 'Chrome on Android')`.execute(
        trx,
      ),
    ),
  );

  const context = await browser.newContext({
    viewport: PHONE,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    isMobile: true,
    hasTouch: true,
  });
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  await context.grantPermissions(['notifications'], { origin });
  const marcus = await openManager(context);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const cdp = await context.newCDPSession(marcus);
  const registration = await registrationId(cdp, origin);

  const absenceId = await requestDayOff(page, who.employee, tuesday(firstWeek));
  const { text, payload } = await pushedFor(absenceId);
  expect(payload.actions.map((action) => action.title)).toEqual(['Approve', 'Decline']);

  await deliver(cdp, worker, { origin, registration, text, tag: payload.id });
  await expect
    .poll(() => shown(worker, payload.id))
    .toEqual([
      {
        title: 'Leave: action required',
        body: expect.stringMatching(/has asked for Annual leave on \d\d\/\d\d\/\d{4}/) as unknown as string,
        tag: payload.id,
        actions: [
          { action: 'approve', title: 'Approve' },
          { action: 'decline', title: 'Decline' },
        ],
      },
    ]);

  // Approve, and Approve again on the same message delivered twice: one approval reaches the server.
  await click(worker, payload.id, 'approve');
  // The click closed it; the same message delivered again (a push service may) and approved again.
  await expect.poll(async () => (await shown(worker, payload.id)).length).toBe(0);
  await deliver(cdp, worker, { origin, registration, text, tag: payload.id });
  await expect.poll(async () => (await shown(worker, payload.id)).length).toBe(1);
  await click(worker, payload.id, 'approve');
  const detail = async () =>
    (await (
      await page.request.get(`/api/user-absence/${absenceId}`, { headers: { authorization: `Bearer ${who.manager}` } })
    ).json()) as AbsenceDetail;
  await expect.poll(async () => (await detail()).status).toBe('approved');
  await marcus.waitForTimeout(1_000);
  const events = (await detail()).events.map((event) => event.action);
  expect(events.filter((action) => action === 'approved')).toHaveLength(1);
  // It went through the outbox, under the notification's own key, and is shown as synced there.
  const outbox = await worker.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('stafflane-outbox');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    return new Promise<{ id: string; state: string } | undefined>((resolve) => {
      const get = db.transaction('items').objectStore('items').get(id);
      get.onsuccess = () => resolve(get.result as { id: string; state: string } | undefined);
    });
  }, `push:${payload.id}:approve`);
  expect(outbox).toMatchObject({ state: 'synced' });

  // Decline opens the request with the reason box.
  const second = await requestDayOff(page, who.employee, tuesday(firstWeek + 1));
  const declined = await pushedFor(second);
  await deliver(cdp, worker, { origin, registration, text: declined.text, tag: declined.payload.id });
  await expect.poll(async () => (await shown(worker, declined.payload.id)).length).toBe(1);
  await click(worker, declined.payload.id, 'decline');
  await expect(marcus).toHaveURL(new RegExp(`/absence/${second}\\?decline=1$`));
  await expect(marcus.getByRole('dialog')).toContainText(/reason/i);
  await marcus.screenshot({ path: `${SCREENSHOTS}/decline-phone.png` });
  await marcus
    .getByRole('dialog')
    .getByRole('textbox', { name: /Reason/ })
    .fill('Short-staffed that week');
  await marcus.getByRole('dialog').getByRole('button', { name: 'Decline' }).click();
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/user-absence/${second}`, { headers: { authorization: `Bearer ${who.manager}` } });
      return ((await res.json()) as AbsenceDetail).status;
    })
    .toBe('declined');
  await context.close();
});

test('the Devices section of My settings offers to allow notifications, on a phone and a desktop', async ({ browser }) => {
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', { width: 1440, height: 900 }],
  ] as const) {
    const context = await browser.newContext({ viewport, locale: 'en-GB', timezoneId: 'Europe/London' });
    const page = await openManager(context);
    await page.goto('/settings/user-settings');
    const devices = page.getByRole('heading', { name: 'Devices' }).locator('xpath=..');
    await expect(devices.getByRole('button', { name: 'Allow notifications on this device' })).toBeVisible();
    await devices.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/devices-${name}.png`, fullPage: true });
    await context.close();
  }
});
