// Offline, as a shift worker's phone lives it: the app reopened from a persistent
// profile with no signal and an expired token opens signed in on the last-known pages; writes
// made offline (one with a file, a reload in the middle) wait in the service worker's outbox
// and land exactly once when the network returns, after the token is refreshed; a refusal on
// replay needs the user's attention; logout leaves nothing of the user behind.
//
// "No network" is the browser's offline mode (navigator.onLine false, requests fail) plus the
// server process stopped with its data kept, so nothing can answer whatever path a request
// takes. Tokens live one minute here, so one expires while the test is offline.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, request as playwrightRequest, type BrowserContext, type Page } from '@playwright/test';
import { sql } from 'kysely';
import { withTenant } from '../../src/server/db/database';
import { ACCOUNTS, apiSignIn } from './support/accounts';
import { chromiumLaunchOptions, freshDir, root, startAppServer, type AppServer } from './support/app-server';
import { expect, signIn, test } from './support/fixtures';
import { postContactMessages, type QueuedAnswer } from './support/outbox-writes';
import { notifyCompanyUser, withServerDatabase } from './support/server-database';

// Offline, push or the outbox: this spec works with the service worker.
test.use({ serviceWorkers: 'allow' });

test.describe.configure({ mode: 'serial' });

const NOTICE = 'Rota for next week is up — check your Saturday shift';
const MESSAGE_PREFIX = `offline-e2e-${Date.now()}`;
const CONTACT_QUEUED_TOAST = 'Saved — it will be sent when you are back online.';
const IMAGE = fs.readFileSync(path.join(root, 'public/icons/icon-192.png'));

let server: AppServer;
let profileDir: string;
let context: BrowserContext | null = null;
let page: Page;
let claims: { user_id: string; company_id: string };

function claimsOf(token: string): { user_id: string; company_id: string; exp: number } {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    user_id: string;
    company_id: string;
    exp: number;
  };
}

async function openProfile(): Promise<Page> {
  context = await chromium.launchPersistentContext(profileDir, {
    ...chromiumLaunchOptions,
    baseURL: server.url,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    viewport: { width: 1280, height: 800 },
  });
  const opened = context.pages()[0] ?? (await context.newPage());
  opened.on('pageerror', (error) => {
    throw new Error(`Uncaught in the page: ${error.message}`);
  });
  return opened;
}

async function goOffline(): Promise<void> {
  await context?.setOffline(true);
  await server.pause();
}

async function goOnline(): Promise<void> {
  await server.resume();
  await context?.setOffline(false);
}

/** Every value in every IndexedDB database of the origin, as JSON text (ArrayBuffers as their byte length). */
function indexedDbText(target: Page): Promise<string> {
  return target.evaluate(async () => {
    const dump: Record<string, unknown> = {};
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const storeName of Array.from(db.objectStoreNames)) {
        const values = await new Promise<unknown[]>((resolve, reject) => {
          const all = db.transaction(storeName).objectStore(storeName).getAll();
          all.onsuccess = () => resolve(all.result);
          all.onerror = () => reject(all.error);
        });
        dump[`${info.name}/${storeName}`] = values;
      }
      db.close();
    }
    return JSON.stringify(dump, (_key, value: unknown) => (value instanceof ArrayBuffer ? `<${value.byteLength} bytes>` : value));
  });
}

/** One queueable contact message (tests/e2e/support/outbox-writes.ts). */
async function queueContactMessage(target: Page, message: string): Promise<QueuedAnswer> {
  const [answer] = await postContactMessages(target, [message], claims.company_id);
  return answer!;
}

function queueProfilePicture(target: Page): Promise<QueuedAnswer> {
  return target.evaluate(
    async ({ bytes, userId }) => {
      const form = new FormData();
      form.append('file', new File([new Uint8Array(bytes)], 'me.png', { type: 'image/png' }));
      const response = await fetch(`/api/user-profile-image/${userId}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${localStorage.getItem('auth-token')}`,
          'idempotency-key': crypto.randomUUID(),
          'x-outbox-resource': 'profile-image',
          'x-outbox-label': encodeURIComponent('Profile picture'),
        },
        body: form,
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    { bytes: Array.from(IMAGE), userId: claims.user_id },
  );
}

const outboxRows = (target: Page) => target.getByRole('list', { name: 'Outbox' }).getByRole('listitem');

test.beforeAll(async () => {
  server = await startAppServer('offline', { ACCESS_TOKEN_MINUTES: '1' });
  profileDir = freshDir(`e2e-profile-offline-${Date.now()}`);
  const api = await playwrightRequest.newContext({ baseURL: server.url });
  claims = claimsOf((await apiSignIn(api, ACCOUNTS.employee)).auth_token);
  await api.dispose();
  await notifyCompanyUser({ companyId: claims.company_id, userId: claims.user_id, description: `<p>${NOTICE}</p>` }, server.dataDir);
});

test.afterAll(async () => {
  await context?.close();
  await server?.stop();
  fs.rmSync(profileDir, { recursive: true, force: true });
});

test('(1) reopened offline after the token expired, the app opens signed in on the last-known pages', async () => {
  // It waits for the one-minute token to expire.
  test.setTimeout(150_000);
  page = await openProfile();
  await page.goto('/login');
  await signIn(page, ACCOUNTS.employee, 'demo-password');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await page.goto('/notifications');
  await expect(page.getByText(NOTICE)).toBeVisible();
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state), { timeout: 30_000 })
    .toBe('activated');
  // The persisted cache has the page's data (written within a second of it arriving).
  await expect.poll(() => indexedDbText(page), { timeout: 10_000 }).toContain(NOTICE);
  const token = await page.evaluate(() => localStorage.getItem('auth-token'));
  const expiresAt = claimsOf(token ?? '').exp * 1000;
  await context?.close();
  context = null;

  await server.pause();
  // Until the access token has expired (one minute at most here).
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt - Date.now() + 1000)));

  page = await openProfile();
  await context!.setOffline(true);
  await page.goto('/notifications');
  await expect(page.getByText(NOTICE)).toBeVisible();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('status', { name: 'Offline' })).toBeVisible();
  // Still the expired token: no network is not a refusal.
  const stored = await page.evaluate(() => localStorage.getItem('auth-token'));
  expect(stored).toBe(token);
  expect(claimsOf(stored ?? '').exp * 1000).toBeLessThan(Date.now());
});

test('(2, 3, 4) twenty writes queued offline, one with a file, land exactly once after the token is refreshed', async () => {
  test.setTimeout(180_000);
  // Still offline from (1), with the expired token.
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Contact Us' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact support' });
  await dialog.getByRole('textbox', { name: 'Message' }).fill(`${MESSAGE_PREFIX}-00`);
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(CONTACT_QUEUED_TOAST)).toBeVisible();
  await expect(dialog).toBeHidden();

  for (let index = 1; index <= 9; index++) {
    const answer = await queueContactMessage(page, `${MESSAGE_PREFIX}-${String(index).padStart(2, '0')}`);
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ queued: true, idempotency_key: expect.any(String) });
  }
  // A reload in the middle: the queue is the service worker's, not the page's.
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  for (let index = 10; index <= 18; index++) {
    expect((await queueContactMessage(page, `${MESSAGE_PREFIX}-${String(index).padStart(2, '0')}`)).status).toBe(202);
  }
  expect((await queueProfilePicture(page)).status).toBe(202);
  // And one the server will refuse: longer than 500 characters.
  expect((await queueContactMessage(page, `${MESSAGE_PREFIX}-refused-${'x'.repeat(520)}`)).status).toBe(202);

  await expect(page.getByRole('link', { name: /^Outbox, 9\+ waiting|^Outbox, 21 waiting/ })).toBeVisible();
  await page.getByRole('link', { name: /^Outbox/ }).click();
  await expect(outboxRows(page)).toHaveCount(21);
  await expect(outboxRows(page).filter({ hasText: 'Waiting to sync' })).toHaveCount(21);

  const tokenBefore = await page.evaluate(() => localStorage.getItem('auth-token'));
  expect(claimsOf(tokenBefore ?? '').exp * 1000).toBeLessThan(Date.now());
  await goOnline();

  await expect(outboxRows(page).filter({ hasText: 'Synced' })).toHaveCount(20, { timeout: 60_000 });
  const refused = outboxRows(page).filter({ hasText: 'Needs attention' });
  await expect(refused).toHaveCount(1);
  await expect(refused).toContainText('Max length exceeded.');
  // The replay waited for a fresh token.
  const tokenAfter = await page.evaluate(() => localStorage.getItem('auth-token'));
  expect(tokenAfter).not.toBe(tokenBefore);

  const landed = await withServerDatabase(
    (db) =>
      withTenant(db, claims.company_id, async (trx) => {
        const messages = await sql<{ message: string }>`
          SELECT message FROM contact_requests WHERE message LIKE ${`${MESSAGE_PREFIX}%`} ORDER BY message`.execute(trx);
        const image = await sql<{ profile_image_file_id: string | null }>`
          SELECT profile_image_file_id FROM users WHERE id = ${claims.user_id}`.execute(trx);
        return { messages: messages.rows.map((row) => row.message), image: image.rows[0]?.profile_image_file_id ?? null };
      }),
    server.dataDir,
  );
  expect(landed.messages).toEqual(Array.from({ length: 19 }, (_, index) => `${MESSAGE_PREFIX}-${String(index).padStart(2, '0')}`));
  expect(landed.image).not.toBeNull();

  // (4) Retry gets the same refusal; Discard asks first, then the item is gone.
  await refused.getByRole('button', { name: 'Retry' }).click();
  await expect(refused).toContainText('Max length exceeded.');
  await refused.getByRole('button', { name: 'Discard' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Discard' }).click();
  await expect(outboxRows(page).filter({ hasText: 'Needs attention' })).toHaveCount(0);
  await expect(outboxRows(page)).toHaveCount(20);
});

test('(6) logout with a write waiting asks first, then leaves nothing of the user in IndexedDB, Cache Storage or the outbox', async () => {
  await goOffline();
  expect((await queueContactMessage(page, `${MESSAGE_PREFIX}-left-behind`)).status).toBe(202);
  await goOnline();
  // Back online, the write goes at once; queue another while the server is away so one waits at logout.
  // Landed, not merely on its way ("Sending…" is not waiting either): only then is the server stopped.
  await expect(outboxRows(page).filter({ hasText: /Waiting to sync|Sending…/ })).toHaveCount(0, { timeout: 30_000 });
  await server.pause();
  expect((await queueContactMessage(page, `${MESSAGE_PREFIX}-discarded-at-logout`)).status).toBe(202);

  const token = await page.evaluate(() => localStorage.getItem('auth-token'));
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('You have 1 change waiting to sync');
  await confirm.getByRole('button', { name: 'Log out anyway' }).click();
  await expect(page).toHaveURL(/\/login/);
  await server.resume();

  const left = await indexedDbText(page);
  for (const trace of [claims.user_id, NOTICE, MESSAGE_PREFIX, token ?? 'no token']) expect(left).not.toContain(trace);
  const cachedApi = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls.filter((pathname) => pathname.startsWith('/api'));
  });
  expect(cachedApi).toEqual([]);
  expect(await page.evaluate(() => ({ ...localStorage }))).not.toHaveProperty('auth-token');
  expect(JSON.stringify(await page.evaluate(() => ({ ...localStorage })))).not.toContain(claims.user_id);
  // The write discarded at logout never reached the server.
  const discarded = await withServerDatabase(
    (db) =>
      withTenant(db, claims.company_id, async (trx) =>
        sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM contact_requests WHERE message = ${`${MESSAGE_PREFIX}-discarded-at-logout`}`.execute(trx),
      ),
    server.dataDir,
  );
  expect(discarded.rows[0]?.n).toBe(0);
});
