// The route budget (npm run bench:bundle) counts, from the build's chunk graph, the scripts a
// browser requests when it opens a screen cold. Here Chromium opens three of them and the
// scripts it really requests must be those the budget counts, no more and no fewer.
import type { Page } from '@playwright/test';
import { readViteManifest } from '../../scripts/chunk-graph';
import { filesForScreen, signedInPageScripts } from '../../scripts/route-files';
import { SCREENS } from '../bench/screens';
import { ACCOUNTS, DEMO_PASSWORD } from './support/accounts';
import { builtClientDir } from './support/app-server';
import { expect, signIn, test } from './support/fixtures';

const clientDir = process.env.E2E_CLIENT_DIR ?? builtClientDir;
const manifest = readViteManifest(clientDir);
const signedInScripts = signedInPageScripts(clientDir);

function screen(name: string) {
  const found = SCREENS.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`No screen named ${name} in tests/bench/screens.ts.`);
  return { route: found.route, signedIn: found.account !== null, starts: found.starts, path: found.path };
}

/**
 * Opens `path` and checks the scripts the page requests are `expected`: all of them in time (some
 * load once the first data has answered, which on a busy machine comes after a first quiet
 * moment of the network), and no more once the network has been quiet again. No style sheet
 * comes twice (a preload the page's loader cannot use is fetched again).
 */
async function expectScriptsOpening(page: Page, path: string, expected: string[], name: string): Promise<void> {
  const scripts = new Set<string>();
  const sheets = new Map<string, number>();
  page.on('request', (request) => {
    const file = new URL(request.url()).pathname.slice(1);
    if (request.resourceType() === 'script') scripts.add(file);
    if (request.resourceType() === 'stylesheet') sheets.set(file, (sheets.get(file) ?? 0) + 1);
  });
  await page.goto(path);
  const requested = () => [...scripts].sort();
  await expect.poll(requested, { message: name, timeout: 30_000 }).toEqual([...expected].sort());
  await page.waitForLoadState('networkidle');
  expect(requested(), name).toEqual([...expected].sort());
  expect(
    [...sheets].filter(([, times]) => times > 1),
    `${name}: style sheets fetched twice`,
  ).toEqual([]);
}

test('a cold open of the sign-in page, the dashboard and the leave list requests exactly the scripts the route budget counts', async ({
  browser,
}) => {
  const signInPage = screen('sign-in');
  const signedOut = await browser.newContext();
  const page = await signedOut.newPage();
  await expectScriptsOpening(page, signInPage.path, filesForScreen(manifest, signInPage).js, 'sign-in');
  await signIn(page, ACCOUNTS.owner, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Needs your action' })).toBeVisible();
  const signedIn = await signedOut.storageState();
  await signedOut.close();

  for (const name of ['dashboard (owner)', 'leave list']) {
    const opened = screen(name);
    // A new context: nothing cached but the session.
    const context = await browser.newContext({ storageState: signedIn });
    const cold = await context.newPage();
    await expectScriptsOpening(cold, opened.path, filesForScreen(manifest, opened, signedInScripts).js, name);
    await context.close();
  }
});
