// Screens of the menu never visited still open offline: after sign-in, when the browser is
// idle, the page fetches the menu's route chunks and the service worker keeps them. Ella signs
// in on a fresh phone, opens nothing but the dashboard, loses the signal and opens the
// Noticeboard from the menu: its screen (the calm "not opened on this device yet" state), not
// a failed chunk.
import { OFFLINE_NOT_SEEN } from '../../src/client/offline/offline-empty-state';
import { ACCOUNTS } from './support/accounts';
import { expect, signIn, test, waitForActivatedServiceWorker } from './support/fixtures';

// Offline, push or the outbox: this spec works with the service worker.
test.use({ serviceWorkers: 'allow' });

test('a menu screen never visited opens offline on a phone', async ({ browser }) => {
  // The warming goes route by route once the page is idle: on a quiet machine the Noticeboard's
  // chunk is kept about 20 s after sign-in, beside a second worker's spec it took over 30.
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB', timezoneId: 'Europe/London' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/login');
  await signIn(page, ACCOUNTS.employee, 'demo-password');
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeVisible();
  await waitForActivatedServiceWorker(page);

  // The Noticeboard's route chunk arrives in the worker's cache without anyone opening it.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const cache = await caches.open('stafflane-lazy-chunks');
          return (await cache.keys()).some((request) => /\/assets\/route-signed-in-company-notices\.index-/.test(request.url));
        }),
      { timeout: 75_000, intervals: [250, 500, 1_000] },
    )
    .toBe(true);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Noticeboard' }).click();
  await expect(page).toHaveURL(/\/notices$/);
  await expect(page.getByText(OFFLINE_NOT_SEEN)).toBeVisible();
  await page.screenshot({ path: '/tmp/push-e2e/warmed-noticeboard-phone.png' });
  expect(problems).toEqual([]);
  await context.close();
});
