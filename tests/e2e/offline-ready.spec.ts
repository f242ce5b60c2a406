// "Ready to work offline", as a shift worker lives it (#31): on a 390 px phone with a persistent
// profile, sign in once and open nothing but the dashboard; the device says "Ready to work
// offline" by itself. The browser is closed and reopened with no network: every screen of the
// menu and every form that queues a write opens — its data, or the honest privacy message —
// none "hasn't been opened on this device yet", none "Something went wrong". So do the detail pages
// fetched ahead, none of them opened online: a notice and a document from the first pages, User
// Settings, and the person's own incident record and return-to-work form (special-category data
// kept on their own phone only). The first seconds are timed: sign-in to the worker controlling the
// page (an offline reload then opens the app, not the browser's error page) and to "Ready".
//
// Every role, each on a profile of its own: the employee (the shift worker of #31), the manager
// (whose menu adds Timesheets, Rota Management and Reports and opens Leave & Absences and Expenses
// on what waits for their approval), the owner (the company's settings besides), the HR admin, the
// user who may only read documents (no form that queues a write is theirs) and the administrator
// (the companies, orders and articles of the whole service; no company's forms).
// What is the same for every role is proven once, for the employee:
// - the first seconds (the shell opening offline once the worker controls the page): the worker
//   and its precache are the same files for everyone;
// - the detail pages: the same routes, whose loaders start the same queries for every role; what
//   a manager or owner sees there besides (a notice's read receipts, a document's trail) is read
//   by the page itself, fetched ahead for nobody, and left out offline without a word either way.
// After the reopen, the menu is opened once (it offers every entry it offered online) and one entry
// tapped; the other screens, the forms and the detail pages are opened as a link of the app opens
// them (the router's navigation, what the menu's links do): the app's cold start offline is proven
// once, at its first screen, and a page load or a trip through the menu for each would only
// repeat what is proven (measured: see the log lines each role prints).
// OFFLINE_READY_ROLES=employee runs one role (a local run).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { OFFLINE_KEPT_OFF, OFFLINE_NOT_SEEN, OFFLINE_PART_NOT_KEPT } from '../../src/client/offline/offline-empty-state';
import { NOT_READY_OFFLINE, READY_TO_WORK_OFFLINE } from '../../src/client/pwa/offline-readiness-copy';
import { ACCOUNTS, apiSignIn, DEMO_PASSWORD, tokenClaims } from './support/accounts';
import { chromiumLaunchOptions } from './support/app-server';
import { expect, PHONE, signIn, test } from './support/fixtures';

test.use({ serviceWorkers: 'allow' });

type Role = 'employee' | 'manager' | 'owner' | 'hrAdmin' | 'docs' | 'admin';
const ROLES = (process.env.OFFLINE_READY_ROLES ?? 'employee,manager,owner,hrAdmin,docs,admin').split(',') as Role[];

/** A company person's forms that queue a write, opened by their address (never visited online). */
const COMPANY_FORMS = ['/expenses/new', '/incident-logs/new', '/overtime/report', '/leave-and-absences/request'];
/** Each role's forms that queue a write, and the fewest entries its menu has (the demo's, counted on 2026-11-28). */
const ROLE_OFFLINE: Record<Role, { forms: readonly string[]; menuAtLeast: number }> = {
  employee: { forms: COMPANY_FORMS, menuAtLeast: 14 },
  manager: { forms: COMPANY_FORMS, menuAtLeast: 17 },
  owner: { forms: COMPANY_FORMS, menuAtLeast: 17 },
  hrAdmin: { forms: COMPANY_FORMS, menuAtLeast: 17 },
  docs: { forms: [], menuAtLeast: 4 },
  admin: { forms: [], menuAtLeast: 10 },
};
const SOMETHING_WENT_WRONG = 'Something went wrong';
const STILL_LOADING = 'Loading...';
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

type AppRouter = {
  navigate: (options: { href: string }) => Promise<void>;
  state: { location: { href: string; pathname: string }; status: string };
};

/** Opens `href` as a link of the app does: the router's navigation, which resolves once the route's code and loader have run. */
async function openInApp(page: Page, href: string): Promise<void> {
  await page.evaluate((to) => (window as unknown as { __TSR_ROUTER__: AppRouter }).__TSR_ROUTER__.navigate({ href: to }), href);
}

/** Until the router is at `href` (or where it redirects, below it) and done loading: the link was followed, the last screen is gone. */
async function routedTo(page: Page, href: string): Promise<void> {
  await page.waitForFunction(
    (to) => {
      const router = (window as unknown as { __TSR_ROUTER__?: AppRouter }).__TSR_ROUTER__;
      if (!router) return false;
      const { state } = router;
      const path = to.split('?')[0] ?? to;
      const there = state.location.href === to || (path !== '/' && state.location.pathname.startsWith(path));
      return there && state.status === 'idle';
    },
    href,
    { timeout: 15_000 },
  );
}

type MenuEntry = { name: string; href: string };

/** The open menu's entries that open a screen of the app. */
function menuEntries(page: Page): Promise<MenuEntry[]> {
  return page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link')
    .evaluateAll((links) =>
      links
        .map((link) => ({ name: link.textContent?.trim() ?? '', href: link.getAttribute('href') ?? '' }))
        .filter((entry) => entry.href.startsWith('/')),
    );
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
  // A list whose query waits for the network would say this for ever; a part fetched ahead says nothing of the kind.
  await expect(main.getByText(STILL_LOADING, { exact: true }), where).toHaveCount(0);
  await expect(main.getByText(OFFLINE_PART_NOT_KEPT), where).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${shot}.png`), fullPage: true });
}

type DetailPage = { href: string; shows: string };

/**
 * The detail pages the device fetches ahead, looked up over the API as the app's first pages list
 * them: the first notice, the first HR document everyone may read, User Settings, and the
 * person's own incident record and return-to-work form.
 */
async function detailPages(request: APIRequestContext, email: string): Promise<DetailPage[]> {
  const { auth_token: token } = await apiSignIn(request, email);
  const me = tokenClaims(token).user_id;
  const read = async <T>(path: string): Promise<T> => {
    const response = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status(), path).toBe(200);
    return (await response.json()) as T;
  };
  type List<T> = { results: T[] };
  const notices = await read<List<{ id: string; title: string }>>('/api/notices?offset=0&limit=20');
  const documents = await read<List<{ id: string; title: string; audience: string }>>('/api/document?area=hr&offset=0&limit=20');
  const incidents = await read<List<{ id: string; location: string; person: { user_id: string | null }; reported_by_id: string | null }>>(
    '/api/incident-log?offset=0&limit=20',
  );
  const forms = await read<List<{ id: string; user: { id: string } }>>('/api/return-to-work?offset=0&limit=20');
  const notice = notices.results[0];
  const document = documents.results.find((item) => item.audience !== 'hr_private');
  const incident = incidents.results.find((item) => item.person.user_id === me || item.reported_by_id === me);
  const form = forms.results.find((item) => item.user.id === me);
  const missing = Object.entries({ notice, document, incident, form }).filter(([, found]) => !found);
  expect(
    missing.map(([name]) => name),
    'what the demo must hold for the person',
  ).toEqual([]);
  if (!notice || !document || !incident || !form) return [];
  return [
    { href: `/notice/${notice.id}`, shows: notice.title },
    { href: `/document/${document.id}`, shows: document.title },
    { href: '/settings/user-settings', shows: 'Two-factor authentication' },
    { href: `/incident-log/${incident.id}`, shows: incident.location },
    { href: `/return-to-work/${form.id}/self-certification`, shows: 'Return to work' },
  ];
}

for (const role of ROLES) {
  test(`the ${role}'s phone gets ready after sign-in and opens every menu screen, queueing form and detail page fetched ahead offline after a restart`, async ({
    baseURL,
    request,
  }) => {
    test.setTimeout(150_000);
    // What every role shares is proven once, for the employee (see the top of this file).
    const provesShared = role === 'employee';
    const details = provesShared ? await detailPages(request, ACCOUNTS[role]) : [];
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
      // The first seconds: once the worker controls the page, an offline reload opens the app (its
      // shell precached), not the browser's "no internet" page; the device is not ready yet.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
      const controlled = Date.now() - signedIn;
      if (provesShared) {
        await context.setOffline(true);
        await page.reload();
        await expect(page.getByRole('status', { name: 'Offline' })).toBeVisible();
        await context.setOffline(false);
      }
      const said = page.getByText(new RegExp(`^(${READY_TO_WORK_OFFLINE}|${NOT_READY_OFFLINE})`)).first();
      await expect(said).toBeVisible({ timeout: 45_000 });
      expect(await said.textContent()).toBe(READY_TO_WORK_OFFLINE);
      console.log(
        `${role}: the worker in control ${controlled} ms after sign-in, "${READY_TO_WORK_OFFLINE}" ${Date.now() - signedIn} ms after, ${apiCalls} API calls from the page since (load average ${os
          .loadavg()
          .map((load) => load.toFixed(1))
          .join(' ')})`,
      );
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${role}-ready.png`) });
      // The menu as the person sees it: every entry that opens a screen of the app.
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      const entries = await menuEntries(page);
      expect(entries.length).toBeGreaterThanOrEqual(ROLE_OFFLINE[role].menuAtLeast);
      await context.close();

      // The browser reopened with no network at all.
      const reopened = Date.now();
      context = await openPhone(profile, baseURL ?? '', true);
      page = context.pages()[0] ?? (await context.newPage());
      watch(page);
      await page.goto('/');
      await expect(page.getByRole('status', { name: 'Offline' })).toBeVisible();
      await expectOpensOffline(page, 'the dashboard, opened by the reopen', `${role}-reopened`);
      // The menu offline offers every screen it offered online, and a tap on an entry opens its
      // screen; the other entries are the same links, followed as a link does (the router's
      // navigation; the menu's entry for the screen on show reloads the page).
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await expect.poll(() => menuEntries(page)).toEqual(entries);
      const tapped = entries.find((entry) => entry.href !== '/');
      for (const entry of entries) {
        if (entry.href === '/') continue;
        if (entry === tapped) await page.getByRole('navigation', { name: 'Main menu' }).locator(`a[href="${entry.href}"]`).click();
        else await openInApp(page, entry.href);
        await routedTo(page, entry.href);
        await expectOpensOffline(page, `${entry.name} (${entry.href})`, `${role}${entry.href.replace(/\//g, '-')}`);
      }
      const { forms } = ROLE_OFFLINE[role];
      for (const form of forms) {
        await openInApp(page, form);
        await routedTo(page, form);
        await expectOpensOffline(page, form, `${role}${form.replace(/\//g, '-')}`);
      }
      for (const detail of details) {
        await openInApp(page, detail.href);
        await routedTo(page, detail.href);
        await expectOpensOffline(page, detail.href, `${role}${detail.href.replace(/\//g, '-')}`);
        await expect(page.getByText(OFFLINE_KEPT_OFF), detail.href).toHaveCount(0);
        await expect(page.locator('.signed-in-page').getByText(detail.shows).first(), detail.href).toBeVisible();
      }
      console.log(
        `${role}: ${entries.length} menu screens, ${forms.length} forms and ${details.length} detail pages opened offline ${Date.now() - reopened} ms after the reopen`,
      );
      await context.close();
      expect(problems).toEqual([]);
    } finally {
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });
}
