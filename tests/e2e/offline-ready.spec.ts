// "Ready to work offline", as a shift worker lives it (#31): on a 390 px phone with a persistent
// profile, sign in once and open nothing but the dashboard; the device says "Ready to work
// offline" by itself. The browser is closed and reopened with no network: every screen of the
// menu and every form that queues a write opens — its data, or the honest privacy message —
// none "hasn't been opened on this device yet", none "Something went wrong".
//
// CI runs the employee, the shift worker of #31 (about 40 s); OFFLINE_READY_ROLES=employee,manager
// adds the manager, whose menu adds Timesheets, Rota Management and Reports and opens Leave &
// Absences and Expenses on what waits for their approval (about 47 s more).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { OFFLINE_KEPT_OFF, OFFLINE_NOT_SEEN } from '../../src/client/offline/offline-empty-state';
import { NOT_READY_OFFLINE, READY_TO_WORK_OFFLINE } from '../../src/client/pwa/offline-readiness-copy';
import { ACCOUNTS, DEMO_PASSWORD } from './support/accounts';
import { chromiumLaunchOptions } from './support/app-server';
import { expect, PHONE, signIn, test } from './support/fixtures';

test.use({ serviceWorkers: 'allow' });

/** The forms that queue a write, opened by their address (never visited online). */
const QUEUEING_FORMS = ['/expenses/new', '/incident-logs/new', '/overtime/report', '/leave-and-absences/request'];
const SOMETHING_WENT_WRONG = 'Something went wrong';
const SHOTS = process.env.OFFLINE_READY_SHOTS;

function openPhone(profile: string, baseURL: string, offline: boolean): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    ...chromiumLaunchOptions,
    baseURL,
    offline,
    viewport: PHONE,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    serviceWorkers: 'allow',
  });
}

/** Waits for the page to settle into its heading, the offline state or an error, then checks it is neither missing nor broken. */
async function expectOpensOffline(page: Page, where: string, shot: string): Promise<void> {
  const main = page.locator('.signed-in-page');
  const settled = main.locator('h1').or(main.getByText(OFFLINE_NOT_SEEN)).or(main.getByText(OFFLINE_KEPT_OFF));
  await expect(settled.or(page.getByText(SOMETHING_WENT_WRONG)).first(), where).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.locator('main [aria-busy="true"]'), where).toHaveCount(0);
  await expect(page.getByText(OFFLINE_NOT_SEEN), where).toHaveCount(0);
  await expect(page.getByText(SOMETHING_WENT_WRONG), where).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${shot}.png`), fullPage: true });
}

const ROLES = (process.env.OFFLINE_READY_ROLES ?? 'employee').split(',') as Array<'employee' | 'manager'>;

for (const role of ROLES) {
  test(`the ${role}'s phone gets ready after sign-in and opens every menu screen and queueing form offline after a restart`, async ({
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), `offline-ready-${role}-`));
    const problems: string[] = [];
    const watch = (page: Page) => page.on('pageerror', (error) => problems.push(error.message));
    try {
      let context = await openPhone(profile, baseURL ?? '', false);
      let page = context.pages()[0] ?? (await context.newPage());
      watch(page);
      await page.goto('/login');
      let apiCalls = 0;
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls += 1;
      });
      const signedIn = Date.now();
      await signIn(page, ACCOUNTS[role], DEMO_PASSWORD);
      const said = page.getByText(new RegExp(`^(${READY_TO_WORK_OFFLINE}|${NOT_READY_OFFLINE})`)).first();
      await expect(said).toBeVisible({ timeout: 45_000 });
      expect(await said.textContent()).toBe(READY_TO_WORK_OFFLINE);
      console.log(
        `${role}: "${READY_TO_WORK_OFFLINE}" ${Date.now() - signedIn} ms after sign-in, ${apiCalls} API calls from the page since`,
      );
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${role}-ready.png`) });
      // The menu as the person sees it: every entry that opens a screen of the app.
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      const menu = page.getByRole('navigation', { name: 'Main menu' });
      const entries = await menu
        .getByRole('link')
        .evaluateAll((links) =>
          links
            .map((link) => ({ name: link.textContent?.trim() ?? '', href: link.getAttribute('href') ?? '' }))
            .filter((entry) => entry.href.startsWith('/')),
        );
      expect(entries.length).toBeGreaterThan(5);
      await context.close();

      // The browser reopened with no network at all.
      context = await openPhone(profile, baseURL ?? '', true);
      page = context.pages()[0] ?? (await context.newPage());
      watch(page);
      await page.goto('/');
      await expect(page.getByRole('status', { name: 'Offline' })).toBeVisible();
      for (const entry of entries) {
        await page.getByRole('button', { name: 'Menu', exact: true }).click();
        await page.getByRole('navigation', { name: 'Main menu' }).locator(`a[href="${entry.href}"]`).click();
        await expectOpensOffline(page, `${entry.name} (${entry.href})`, `${role}${entry.href.replace(/\//g, '-')}`);
      }
      for (const form of QUEUEING_FORMS) {
        await page.goto(form);
        await expectOpensOffline(page, form, `${role}${form.replace(/\//g, '-')}`);
      }
      await context.close();
      expect(problems).toEqual([]);
    } finally {
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });
}
