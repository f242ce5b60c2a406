// "Ready to work offline", as #31's must-show asks: Ella signs in once on a 390 px phone with a
// persistent profile and opens nothing but the dashboard; the device gets every screen's code
// and the first page of data of every menu area (and the forms beside them) by itself and says
// "Ready to work offline". The browser is closed and reopened with no network; every screen of
// her menu and every form that queues a write opens: its data, or the honest privacy message —
// never "hasn't been opened on this device yet", never "Something went wrong".
//
// The readiness starts once per session (a menu that changes while its rules load never
// restarts it), so the test waits for the words, not for a cache. The network is cut with
// setOffline: the shared e2e server keeps serving the specs running beside this one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { OFFLINE_KEPT_OFF, OFFLINE_NOT_SEEN } from '../../src/client/offline/offline-empty-state';
import { READY_TO_WORK_OFFLINE } from '../../src/client/pwa/offline-readiness-copy';
import { ACCOUNTS } from './support/accounts';
import { chromiumLaunchOptions } from './support/app-server';
import { expect, PHONE, signIn, test } from './support/fixtures';

/** The forms that queue a write, which no menu entry links to directly. */
const QUEUEING_FORMS = ['/leave-and-absences/request', '/expenses/new', '/incident-logs/new', '/overtime/report'];

async function open(profile: string, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunchOptions,
    baseURL,
    viewport: PHONE,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}

/** The page has settled into its content, its privacy message, or a failure this test names. */
async function shown(page: Page, address: string): Promise<string> {
  const outcome = page
    .getByRole('heading', { level: 1 })
    .or(page.getByText(OFFLINE_KEPT_OFF))
    .or(page.getByText(OFFLINE_NOT_SEEN))
    .or(page.getByText('Something went wrong'));
  await expect(outcome.first(), address).toBeVisible({ timeout: 30_000 });
  if (await page.getByText(OFFLINE_NOT_SEEN).isVisible()) return `${address}: not opened`;
  if (await page.getByText('Something went wrong').isVisible()) return `${address}: went wrong`;
  return 'ok';
}

test('a phone that signed in once opens every menu screen and queueing form after reopening offline', async () => {
  test.setTimeout(240_000);
  const baseURL = test.info().project.use.baseURL as string;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'stafflane-offline-profile-'));
  try {
    const online = await open(profile, baseURL);
    await online.page.goto('/login');
    const signedIn = Date.now();
    await signIn(online.page, ACCOUNTS.employee, 'demo-password');
    await expect(online.page.getByText(READY_TO_WORK_OFFLINE, { exact: true }).first()).toBeVisible({ timeout: 60_000 });
    console.log(`"${READY_TO_WORK_OFFLINE}" ${Date.now() - signedIn} ms after sign-in`);
    // The menu as the person sees it: every in-app entry.
    await online.page.getByRole('button', { name: 'Menu', exact: true }).click();
    const menu = online.page.getByRole('navigation', { name: 'Main menu' }).getByRole('link');
    const hrefs = (await menu.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))).filter((href) =>
      href.startsWith('/'),
    );
    expect(hrefs.length).toBeGreaterThan(5);
    await online.context.close();

    const offline = await open(profile, baseURL);
    await offline.context.setOffline(true);
    const problems: string[] = [];
    offline.page.on('pageerror', (error) => problems.push(error.message));
    const failures: string[] = [];
    for (const address of [...new Set([...hrefs, ...QUEUEING_FORMS])]) {
      await offline.page.goto(address);
      const outcome = await shown(offline.page, address);
      if (outcome !== 'ok') failures.push(outcome);
    }
    await offline.page.goto('/incident-logs/new');
    await expect(offline.page.getByRole('heading', { name: 'Report an incident', level: 1 })).toBeVisible();
    await offline.page.screenshot({ path: 'test-results/offline-everywhere-incident-form-phone.png' });
    expect(failures).toEqual([]);
    expect(problems).toEqual([]);
    await offline.context.close();
  } finally {
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
