// Offline reads, as a shift worker with no signal lives them: every main screen opened once
// online opens again after a reload with the network off — the same data, the top bar's
// "Offline" mark, no "Error occurred" toast and no error box — on a desktop and on a 390 px
// phone; a page whose data this device never loaded shows the one calm offline state.
//
// Signed in as Emily (HR admin), on a server of its own so that what she sees stays put while
// the other specs (which publish notices to everyone) run beside this one. One sign-in: the
// phone's context starts from the desktop's stored session (localStorage), with an empty cache
// of its own.
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { OFFLINE_NOT_SEEN, OFFLINE_PART_NOT_KEPT } from '../../src/client/offline/offline-empty-state';
import { ACCOUNTS } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { expect, signIn, test, waitForActivatedServiceWorker } from './support/fixtures';

// Offline, push or the outbox: this spec works with the service worker.
test.use({ serviceWorkers: 'allow' });

type Screen = {
  path: string;
  ready: (page: Page) => Locator;
  /** What is compared (the whole page by default). */
  content?: (page: Page) => Locator;
  /** Parts that are never kept on the device (special-category data): say so offline. */
  notKept?: number;
};

const SCREENS: Screen[] = [
  { path: '/', ready: (page) => page.getByRole('heading', { name: 'My leave balance' }) },
  { path: '/leave-and-absences/list', ready: (page) => page.getByText(/^\d+ absences?$/) },
  {
    path: '/leave-and-absences/timeline',
    ready: (page) => page.getByRole('table', { name: /^Who is off/ }).or(page.getByRole('list', { name: /^Who is off/ })),
  },
  { path: '/leave-and-absences/balances', ready: (page) => page.getByText(/^Leave year /) },
  { path: '/notifications', ready: (page) => page.getByRole('list', { name: 'Notifications' }).or(page.getByText('No notifications')) },
  // The personal details hold special-category data, never kept offline: the rest is compared.
  {
    path: '/profile',
    ready: (page) => page.getByText('6 of 6 done'),
    content: (page) => page.getByRole('region', { name: 'About me' }),
    notKept: 1,
  },
  { path: '/employees', ready: (page) => page.getByText('Ella Evans').first() },
  { path: '/settings/user-settings', ready: (page) => page.getByText('Two-factor authentication') },
];

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

let storageState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
let server: AppServer;

test.beforeAll(async () => {
  server = await startAppServer('offline-reads');
});

test.afterAll(async () => {
  await server?.stop();
});

async function openContext(
  browser: Browser,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url, viewport, locale: 'en-GB', timezoneId: 'Europe/London', storageState });
  const page = await context.newPage();
  if (!storageState) {
    await page.goto('/login');
    await signIn(page, ACCOUNTS.hrAdmin, 'demo-password');
    await expect(page.getByRole('heading', { name: 'My leave balance' })).toBeVisible();
    storageState = await context.storageState();
  }
  return { context, page };
}

/** What the page shows as its content (the main area without the version line), once it stops changing. */
async function pageText(page: Page, screen: Screen): Promise<string> {
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  const content = screen.content?.(page) ?? page.locator('.signed-in-page');
  let last = '';
  await expect
    .poll(
      async () => {
        const [previous, now] = [last, await content.innerText()];
        last = now;
        return now === previous;
      },
      { intervals: [300] },
    )
    .toBe(true);
  // The time clock's card shows the time now and a running total: the minute may turn between
  // the online and the offline visit.
  return last.replace(/^\d{2}:\d{2}$/gm, '[time now]').replace(/Worked so far .*$/gm, 'Worked so far [running]');
}

async function expectNoError(page: Page): Promise<void> {
  // A failed query would have retried (200 ms) and toasted by now.
  await page.waitForTimeout(300);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await expect(page.locator('main').getByRole('alert')).toHaveCount(0);
  await expect(page.getByText('Error occurred')).toHaveCount(0);
  await expect(page.getByText(/could not be loaded/)).toHaveCount(0);
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`every main screen seen online opens offline with the same data (${name})`, async ({ browser }) => {
    test.setTimeout(90_000);
    const { context, page } = await openContext(browser, viewport);
    const online = new Map<string, string>();
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await expect(screen.ready(page)).toBeVisible();
      online.set(screen.path, await pageText(page, screen));
      // The persisted cache is written within a second of the data arriving.
      await page.waitForTimeout(1_100);
    }
    await waitForActivatedServiceWorker(page);

    await context.setOffline(true);
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await expect(screen.ready(page)).toBeVisible();
      await expect(page.getByRole('status', { name: 'Offline' })).toBeVisible();
      expect(await pageText(page, screen), screen.path).toBe(online.get(screen.path));
      await expect(page.getByText(OFFLINE_PART_NOT_KEPT)).toHaveCount(screen.notKept ?? 0);
      await expectNoError(page);
    }
    // A filter never opened on this device: the calm state, not an error.
    await page.goto('/leave-and-absences/list?status=declined');
    await expect(page.getByText(OFFLINE_NOT_SEEN)).toBeVisible();
    await expectNoError(page);
    await context.close();
  });
}
