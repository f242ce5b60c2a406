// A new deploy while the app is open: the new service worker waits, the page says a new
// version is available, and "Reload" makes it take over and reloads the page; a write the old
// version queued offline still lands, once, after the new version has taken over. The test runs
// its own server on a private copy of the build, so changing sw.js touches no other test.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { withTenant } from '../../src/server/db/database';
import { ACCOUNTS, DEMO_PASSWORD } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { expect, signIn, test, waitForActivatedServiceWorker, waitingWorkerState } from './support/fixtures';
import { pageCompanyId, postContactMessages } from './support/outbox-writes';
import { withServerDatabase } from './support/server-database';

// Offline, push or the outbox: this spec works with the service worker.
test.use({ serviceWorkers: 'allow' });

let server: AppServer;

test.beforeAll(async () => {
  server = await startAppServer('update');
});

test.afterAll(async () => {
  await server?.stop();
});

test('a waiting service worker brings up the prompt, and Reload activates it', async ({ page }) => {
  await page.goto(`${server.url}/login`);
  await waitForActivatedServiceWorker(page);
  await expect(page.getByText('A new version of Stafflane is available.')).toHaveCount(0);

  // The deploy: the worker script's bytes change, as they do when the precache list changes.
  fs.appendFileSync(path.join(server.clientDir, 'sw.js'), `\n// deployed ${new Date().toISOString()}\n`);
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
  await expect.poll(() => waitingWorkerState(page), { timeout: 30_000 }).toBe('installed');

  const prompt = page.getByRole('alert').filter({ hasText: 'A new version of Stafflane is available.' });
  await expect(prompt).toBeVisible();
  // Still waiting: nothing takes over until the user says so.
  expect(await waitingWorkerState(page)).toBe('installed');

  await page.evaluate(() => Object.assign(window, { e2eBeforeReload: true }));
  const reloaded = page.waitForEvent('load');
  const clickedAt = Date.now();
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  // The reload on the new worker taking control, not the page's five-second fallback.
  expect(Date.now() - clickedAt).toBeLessThan(4_000);

  // A new document (the window marker is gone) controlled by the new worker, nothing waiting.
  expect(await page.evaluate(() => 'e2eBeforeReload' in window)).toBe(false);
  await waitForActivatedServiceWorker(page);
  expect(await waitingWorkerState(page)).toBeNull();
  await expect(page.getByRole('heading', { name: 'Login to your Account' })).toBeVisible();
  await expect(page.getByText('A new version of Stafflane is available.')).toHaveCount(0);
});

test('a write queued under the old version lands exactly once after the new version takes over', async ({ page, expectedConsole }) => {
  // The server is stopped for a while: the page's own calls fail meanwhile.
  expectedConsole.push(/Failed to load resource|ERR_CONNECTION_REFUSED|Failed to fetch/);
  await page.goto(`${server.url}/login`);
  await signIn(page, ACCOUNTS.employee, DEMO_PASSWORD);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await waitForActivatedServiceWorker(page);
  const companyId = await pageCompanyId(page);

  await server.pause();
  const message = `queued before the deploy ${Date.now()}`;
  const [queued] = await postContactMessages(page, [message], companyId);
  expect(queued?.status).toBe(202);

  // The deploy: new worker bytes, and the server back (as the new version).
  fs.appendFileSync(path.join(server.clientDir, 'sw.js'), `\n// deployed with a queued write ${new Date().toISOString()}\n`);
  await server.resume();
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
  const prompt = page.getByRole('alert').filter({ hasText: 'A new version of Stafflane is available.' });
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  const reloaded = page.waitForEvent('load');
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await waitForActivatedServiceWorker(page);

  const count = () =>
    withServerDatabase(
      (db) =>
        withTenant(db, companyId, async (trx) => {
          const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM contact_requests WHERE message = ${message}`.execute(
            trx,
          );
          return rows[0]?.n ?? 0;
        }),
      server.dataDir,
    );
  await expect.poll(count, { timeout: 30_000 }).toBe(1);
  // And it stays once: nothing replays it again. On a slow machine the app may be reloading itself
  // at this moment (the new worker took over after the prompt's fallback reload): that load counts.
  await page.reload().catch(async (error: unknown) => {
    if (!String(error).includes('ERR_ABORTED')) throw error;
    await page.waitForLoadState('load');
  });
  await page.waitForTimeout(2_000);
  expect(await count()).toBe(1);
});
