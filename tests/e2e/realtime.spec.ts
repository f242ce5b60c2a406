// Realtime between two browsers: a change made in one reaches the other within a
// second over the WebSocket; the other, disconnected while three more changes happen, gets all
// three replayed when it reconnects. Both are the same manager on two devices, on a server of
// the test's own so no other test's notifications interfere.
import { request as playwrightRequest, type Browser, type BrowserContext, type Page, type WebSocket } from '@playwright/test';
import { ACCOUNTS, apiSignIn } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { expect, signedInContext, test } from './support/fixtures';
import { notifyCompanyUser } from './support/server-database';

let server: AppServer;
let claims: { user_id: string; company_id: string };

function claimsOf(token: string): { user_id: string; company_id: string } {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { user_id: string; company_id: string };
}

const notifyManager = (description: string) =>
  notifyCompanyUser({ companyId: claims.company_id, userId: claims.user_id, description: `<p>${description}</p>` }, server.dataDir);

type Device = { context: BrowserContext; page: Page; sockets: WebSocket[]; received: string[] };

/**
 * A signed-in browser whose realtime socket has subscribed to its channels. It signs in over the
 * API (the form is login.spec's to prove): on CI's loaded machine, the form's two loads of the app
 * on this spec's fresh server, beside the service worker's precaching, once took longer than the
 * frame's wait.
 */
async function device(browser: Browser): Promise<Device> {
  const context = await signedInContext(browser, ACCOUNTS.manager, { origin: server.url });
  const page = await context.newPage();
  const sockets: WebSocket[] = [];
  const received: string[] = [];
  page.on('websocket', (socket) => {
    sockets.push(socket);
    socket.on('framereceived', (frame) => received.push(String(frame.payload)));
  });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect.poll(() => received.filter((frame) => frame.includes('"subscribed"')).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  return { context, page, sockets, received };
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

test.beforeAll(async () => {
  server = await startAppServer('realtime');
  const api = await playwrightRequest.newContext({ baseURL: server.url });
  claims = claimsOf((await apiSignIn(api, ACCOUNTS.manager)).auth_token);
  await api.dispose();
  await notifyManager('Ann asked for annual leave');
  await notifyManager('Ben reported an incident');
});

test.afterAll(async () => {
  await server?.stop();
});

test('a change in one browser shows in the other within a second; missed events are replayed on reconnect', async ({ browser }) => {
  const first = await device(browser);
  const second = await device(browser);
  // The demo's own notifications for Marcus come with the two made here; both devices agree.
  await expect(bell(first.page)).toHaveAccessibleName(/^Notifications, (\d+|9\+) new$/);
  const unread = (await bell(first.page).getAttribute('aria-label')) ?? '';
  expect(unread).not.toBe('Notifications, 1 new');
  await expect(bell(second.page)).toHaveAccessibleName(unread);

  // Opening the bell in the first marks everything read; the second's badge follows.
  const marked = first.page.waitForResponse((response) => response.url().endsWith('/api/notifications/read') && response.ok());
  await bell(first.page).click();
  await marked;
  await expect(bell(second.page)).toHaveAccessibleName('Notifications', { timeout: 1_000 });

  // The second goes offline: its socket closes. Three changes happen meanwhile.
  await second.context.setOffline(true);
  await expect.poll(() => second.sockets.every((socket) => socket.isClosed())).toBe(true);
  const before = second.received.length;
  for (const description of ['Change one', 'Change two', 'Change three']) await notifyManager(description);
  await expect(bell(first.page)).toHaveAccessibleName('Notifications, 3 new');

  await second.context.setOffline(false);
  await expect(bell(second.page)).toHaveAccessibleName('Notifications, 3 new');
  // They came over the socket, replayed in order after the last event id it had seen.
  await expect
    .poll(() =>
      second.received
        .slice(before)
        .flatMap((frame) => /"event":"notification".*?<p>(Change \w+)<\/p>/.exec(frame)?.[1] ?? [])
        .join(', '),
    )
    .toBe('Change one, Change two, Change three');
  await bell(second.page).click();
  for (const description of ['Change one', 'Change two', 'Change three']) await expect(second.page.getByText(description)).toBeVisible();

  await first.context.close();
  await second.context.close();
});
