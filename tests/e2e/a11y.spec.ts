// Accessibility: axe (WCAG 2.0, 2.1 and 2.2 A and AA rules) on every screen of the route tree
// (src/routeTree.gen.ts, read by support/route-tree.ts) for each role of the demo, on a 390 px phone, and for
// the owner at a desktop width too; a violation of any impact fails the test and is listed with
// the route and the elements. Routes with parameters are filled from the demo data the role is
// shown: the links of the screens walked before them. A role signs in once and its one page moves
// between screens in the app (no reload); the frame (top bar, menu, footer) is checked whole on
// the first screen with the phone's menu open, each screen after it within its main region.
import type { Page, Request } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD } from './support/accounts';
import { axeViolations } from './support/axe';
import { DESKTOP, expect, PHONE, signIn, test } from './support/fixtures';
import { smallControls } from './support/tap-targets';
import { appRoutes, routeAddress, routePattern, type AppRoute, type RouteArea } from './support/route-tree';

const ROUTES = appRoutes();
/** A parameter no demo record has: the screen's "not found" state is checked where the role is shown no record. */
const NO_RECORD = '00000000-0000-4000-8000-000000000000';
const NOT_A_ROUTE = '/no-such-screen';

type Role = { role: string; email: string; areas: RouteArea[] };
const COMPANY: RouteArea[] = ['signed-in', 'company'];
const ROLES: Role[] = [
  { role: 'owner', email: ACCOUNTS.owner, areas: COMPANY },
  { role: 'manager', email: ACCOUNTS.manager, areas: COMPANY },
  { role: 'employee', email: ACCOUNTS.employee, areas: COMPANY },
  { role: 'HR admin', email: ACCOUNTS.hrAdmin, areas: COMPANY },
  { role: 'docs-only', email: ACCOUNTS.docs, areas: COMPANY },
  { role: 'administrator', email: ACCOUNTS.admin, areas: ['signed-in', 'admin'] },
];

/** Requests the page has in flight (web sockets are not requests): the screen has settled once none is left. */
function inFlight(page: Page): () => number {
  const open = new Set<Request>();
  page.on('request', (request) => open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return () => open.size;
}

/** Moves the app to `address` as its own links do (the router follows history.pushState), with no reload. */
async function moveTo(page: Page, address: string): Promise<void> {
  await page.evaluate((to) => {
    const state = (window.history.state ?? {}) as { __TSR_index?: number };
    window.history.pushState({ ...state, __TSR_index: (state.__TSR_index ?? 0) + 1, key: crypto.randomUUID() }, '', to);
  }, address);
}

/**
 * The screen has loaded: no request in flight for a moment, nothing busy or loading in the main
 * region, a first-level heading (or the alert of a screen the role may not open) shown and no transition running (colours are measured at rest).
 * Returns what is missing instead of failing, so one broken screen does not hide the others.
 */
async function settled(page: Page, requests: () => number): Promise<string | null> {
  const quietSince = { at: 0 };
  try {
    await expect
      .poll(
        () => {
          if (requests() > 0) quietSince.at = 0;
          else if (quietSince.at === 0) quietSince.at = Date.now();
          return quietSince.at > 0 && Date.now() - quietSince.at >= 150;
        },
        { timeout: 20_000, intervals: [50] },
      )
      .toBe(true);
    await expect(page.locator('main :is([aria-busy="true"], .mantine-Loader-root, .mantine-Skeleton-root)')).toHaveCount(0, {
      timeout: 15_000,
    });
    // A screen the role may not open says so in an alert instead of its heading.
    await expect(
      page.getByRole('heading', { level: 1 }).or(page.locator('[role="alert"]:not(.mantine-Notification-root)')).first(),
    ).toBeVisible({
      timeout: 5_000,
    });
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    return null;
  } catch (error) {
    return `did not settle: ${(error as Error).message.split('\n')[0] ?? ''}`;
  }
}

/** The addresses of the page's links that fill a route with parameters, kept in `found` (first seen wins). */
async function collectRecords(page: Page, routes: AppRoute[], found: Map<string, string>): Promise<void> {
  const paths = await page
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  for (const route of routes) {
    if (found.has(route.path)) continue;
    const pattern = routePattern(route);
    const hit = paths.find((address) => pattern.test(address));
    if (hit) found.set(route.path, hit);
  }
}

/** The role's screens: those without parameters first (their links fill the others), then the rest. */
function screensOf(areas: RouteArea[]): { plain: AppRoute[]; withParams: AppRoute[] } {
  const routes = ROUTES.filter((route) => areas.includes(route.area));
  return {
    plain: routes.filter((route) => route.params.length === 0),
    withParams: routes.filter((route) => route.params.length > 0),
  };
}

/** Walks every screen of `areas` in the signed-in page; returns the violations, one line each. */
async function walk(page: Page, areas: RouteArea[], label: string): Promise<string[]> {
  const requests = inFlight(page);
  const found: string[] = [];
  const { plain, withParams } = screensOf(areas);
  const records = new Map<string, string>();
  const checked = new Set<string>();
  const check = async (address: string) => {
    await moveTo(page, address);
    const problem = await settled(page, requests);
    if (problem) found.push(`${address} ${label}: ${problem}`);
    await collectRecords(page, withParams, records);
    // A route that sends the role on to a screen already checked (/hr-documents to its first tab, a
    // refused area home) is not checked twice.
    const at = new URL(page.url()).pathname;
    if (checked.has(at)) return;
    checked.add(at);
    for (const violation of await axeViolations(page, 'main')) found.push(`${address} ${label}: ${violation}`);
    if (label === 'phone') for (const control of await smallControls(page)) found.push(`${address} phone: under 44 px: ${control}`);
  };
  for (const route of plain) await check(route.path === '/$' ? NOT_A_ROUTE : route.path);
  for (const route of withParams) {
    await check(
      records.get(route.path) ??
        routeAddress(
          route,
          route.params.map(() => NO_RECORD),
        ),
    );
  }
  // An empty or unreadable route tree must not pass as "no violations".
  if (checked.size < 5) found.push(`${label}: only ${checked.size} screens were checked`);
  return found;
}

/** The frame around the screens — top bar, menu (the phone's drawer opened), footer — checked whole, once. */
async function frameViolations(page: Page, phone: boolean): Promise<string[]> {
  if (phone) {
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  }
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const found = await axeViolations(page);
  if (phone) found.push(...(await smallControls(page)).map((control) => `under 44 px: ${control}`));
  if (phone) await page.keyboard.press('Escape');
  return found.map((violation) => `frame ${phone ? 'phone' : 'desktop'}: ${violation}`);
}

async function signedIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await signIn(page, email, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page).not.toHaveURL(/\/login/);
}

// A screen a role may not open answers 403 and a record it is not shown 404; the browser logs both.
const REFUSALS = /Failed to load resource: the server responded with a status of 40[34]/;

test.describe('every screen of the route tree passes axe', () => {
  test.describe.configure({ mode: 'parallel' });

  for (const { role, email, areas } of ROLES) {
    test(`for the ${role} on a 390 px phone`, async ({ page, expectedConsole }) => {
      test.setTimeout(240_000);
      expectedConsole.push(REFUSALS);
      await page.setViewportSize(PHONE);
      await signedIn(page, email);
      const found = await frameViolations(page, true);
      found.push(...(await walk(page, areas, 'phone')));
      expect(found).toEqual([]);
    });
  }

  test('for the owner at a desktop width', async ({ page, expectedConsole }) => {
    test.setTimeout(240_000);
    expectedConsole.push(REFUSALS);
    await page.setViewportSize(DESKTOP);
    await signedIn(page, ACCOUNTS.owner);
    const found = await frameViolations(page, false);
    found.push(...(await walk(page, COMPANY, 'desktop')));
    expect(found).toEqual([]);
  });

  test('signed out, on a 390 px phone', async ({ page, expectedConsole }) => {
    expectedConsole.push(REFUSALS);
    await page.setViewportSize(PHONE);
    await page.goto('/login');
    const requests = inFlight(page);
    const found: string[] = [];
    for (const route of ROUTES.filter((candidate) => candidate.area === 'public')) {
      const address = route.path === '/$' ? NOT_A_ROUTE : route.path;
      await moveTo(page, address);
      const problem = await settled(page, requests);
      if (problem) found.push(`${address}: ${problem}`);
      for (const violation of await axeViolations(page)) found.push(`${address}: ${violation}`);
    }
    expect(found).toEqual([]);
  });
});
