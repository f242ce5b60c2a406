// A new deploy while the app is open: the new service worker waits, the page says a new
// version is available, and "Reload" makes it take over and reloads the page. The test runs
// its own server on a private copy of the build, so changing sw.js touches no other test.
import fs from 'node:fs';
import path from 'node:path';
import { startAppServer, type AppServer } from './support/app-server';
import { expect, test, waitForActivatedServiceWorker, waitingWorkerState } from './support/fixtures';

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
