// The e2e `test`: fails any test whose page logs an unexpected console error or throws —
// which is how a Content-Security-Policy violation of the built app shows up. A test that
// provokes errors on purpose (a refused sign-in, blocked scripts) lists them in `expectedConsole`.
import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { SESSION_KEYS } from '../../../src/client/auth/session-store';
import { LOGGED_IN_KEY, TOKEN_KEY } from '../../../src/client/auth/token-store';
import type { SessionGrant } from '../../../src/shared/session.contract';
import { DEMO_PASSWORD } from './accounts';

type Fixtures = { expectedConsole: RegExp[]; closesItsContexts: void };

export const test = base.extend<Fixtures>({
  expectedConsole: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        // The address too: "Failed to load resource" alone does not say which.
        if (message.type() === 'error') problems.push(`${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => problems.push(`Uncaught: ${error.message}`));
      const expected: RegExp[] = [];
      await use(expected);
      expect(problems.filter((text) => !expected.some((pattern) => pattern.test(text)))).toEqual([]);
    },
    { auto: true },
  ],
  // The browsers a test opened beside its page (openAs, browser.newContext) close when it ends:
  // left open, each kept running the app for the rest of the worker's tests (realtime, polling,
  // reconnecting to a spec's server already stopped), taking CPU from them. A failing test's
  // screenshots are taken before this runs.
  closesItsContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      const opened = browser.contexts().filter((context) => !before.has(context));
      await Promise.all(opened.map((context) => context.close().catch(() => undefined)));
    },
    { auto: true },
  ],
});

export { expect };

/** Waits for the page's service worker to be `activated` (not merely `ready`) and in control. */
export async function waitForActivatedServiceWorker(page: Page): Promise<void> {
  // expect.poll, not waitForFunction: that would take an async predicate's promise as truthy.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return registration?.active?.state === 'activated' && navigator.serviceWorker.controller?.state === 'activated';
        }),
      { timeout: 30_000, intervals: [100, 200, 500] },
    )
    .toBe(true);
}

/** The state of the registration's waiting worker, or null when none waits. */
export function waitingWorkerState(page: Page): Promise<string | null> {
  return page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? null);
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  // By role: the visibility toggle's label also contains "password".
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };

/**
 * A second browser of its own (a new context: its own storage and service worker) signed in as
 * `email` with the demo password, opened at `path` once the signed-in frame shows there; a page
 * error fails the test. It signs in over the API and opens with the session in local storage as
 * the sign-in form leaves it (src/client/auth/session-store.ts): the form is login.spec's and
 * identity.spec's to prove, and a test that starts on another page would otherwise load the app
 * twice (measured: 2.2–3.6 s a sign-in either way, at a load average of 8–10).
 */
export async function openAs(browser: Browser, email: string, viewport = DESKTOP, path = '/'): Promise<Page> {
  const context = await signedInContext(browser, email, { viewport });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw new Error(`Uncaught in the page: ${error.message}`);
  });
  await page.goto(path);
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).or(page.getByRole('button', { name: 'Menu', exact: true })),
  ).toBeVisible();
  return page;
}

/**
 * A new browser context holding `email`'s session, signed in over the API at `origin` (the run's
 * server unless a spec has its own), with local storage as the sign-in form leaves it.
 */
export async function signedInContext(
  browser: Browser,
  email: string,
  {
    viewport = DESKTOP,
    origin = `http://127.0.0.1:${process.env.E2E_PORT}`,
  }: { viewport?: { width: number; height: number }; origin?: string } = {},
): Promise<BrowserContext> {
  const response = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(response.status, `signing ${email} in: ${await response.clone().text()}`).toBe(200);
  const grant = (await response.json()) as SessionGrant;
  return browser.newContext({
    baseURL: origin,
    viewport,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    storageState: { cookies: [], origins: [{ origin, localStorage: sessionStorageEntries(grant, email) }] },
  });
}

/** Local storage as saveSession leaves it after a sign-in. */
function sessionStorageEntries(grant: SessionGrant, email: string): { name: string; value: string }[] {
  const flag = (value: boolean) => (value ? '1' : '0');
  return [
    { name: SESSION_KEYS.permissions, value: JSON.stringify(grant.permissions) },
    { name: SESSION_KEYS.userEmail, value: email },
    { name: SESSION_KEYS.docsOnly, value: flag(grant.docs_only) },
    { name: SESSION_KEYS.hrClient, value: flag(grant.hr_client) },
    { name: SESSION_KEYS.hsClient, value: flag(grant.hs_client) },
    ...(grant.misconfigured ? [{ name: SESSION_KEYS.roleDowngrade, value: '1' }] : []),
    { name: TOKEN_KEY, value: grant.auth_token },
    { name: LOGGED_IN_KEY, value: '1' },
  ];
}
