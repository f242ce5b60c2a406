// "Ready to work offline": after a sign-in the device gets every screen's code and the first
// page of data of every menu area, without the person doing anything, and says so. Ella signs
// in on a fresh phone, opens nothing but the dashboard, waits for "Ready to work offline",
// loses the signal and opens the Noticeboard from the menu — its notices, not the "not opened
// on this device yet" state — then reloads into the incident form she never opened online.
// The readiness starts once per session (a menu that changes while its rules load never
// restarts it), so the moment is deterministic: the test waits for the words, not a cache.
import { OFFLINE_NOT_SEEN } from '../../src/client/offline/offline-empty-state';
import { READY_TO_WORK_OFFLINE } from '../../src/client/pwa/offline-readiness-copy';
import { ACCOUNTS } from './support/accounts';
import { expect, PHONE, signIn, test } from './support/fixtures';

test('after sign-in a phone says "Ready to work offline", then opens unvisited screens and forms offline', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, locale: 'en-GB', timezoneId: 'Europe/London' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/login');
  const signedIn = Date.now();
  await signIn(page, ACCOUNTS.employee, 'demo-password');
  await expect(page.getByText(READY_TO_WORK_OFFLINE, { exact: true }).first()).toBeVisible({ timeout: 45_000 });
  console.log(`Ready to work offline ${Date.now() - signedIn} ms after sign-in`);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Noticeboard' }).click();
  await expect(page).toHaveURL(/\/notices$/);
  await expect(page.getByRole('heading', { name: 'Noticeboard', level: 1 })).toBeVisible();
  await expect(page.getByText(OFFLINE_NOT_SEEN)).toHaveCount(0);

  // A reload with no signal: the shell from the precache, the form's code from the worker's cache.
  await page.goto('/incident-logs/new');
  await expect(page.getByRole('heading', { name: 'Report an incident', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/offline-ready-incident-form-phone.png' });
  expect(problems).toEqual([]);
  await context.close();
});
