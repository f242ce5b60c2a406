// The service worker: it activates, precaches the shell, and the app opens with no network.
import { expect, test, waitForActivatedServiceWorker } from './support/fixtures';

// Offline, push or the outbox: this spec works with the service worker.
test.use({ serviceWorkers: 'allow' });

test('the service worker reaches "activated" and precaches the shell', async ({ page }) => {
  await page.goto('/login');
  await waitForActivatedServiceWorker(page);
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached).toEqual(expect.arrayContaining(['/index.html', '/manifest.webmanifest', '/icons/icon-192.png']));
  // Every script and style sheet this page loaded is in the precache.
  const loaded = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((pathname) => /^\/assets\/.+\.(js|css)$/.test(pathname)),
  );
  expect(loaded.length).toBeGreaterThan(0);
  expect(cached).toEqual(expect.arrayContaining(loaded));
});

test('offline, a reload still renders the app from the service worker', async ({ page, context, expectedConsole }) => {
  await page.goto('/login');
  await waitForActivatedServiceWorker(page);

  await context.setOffline(true);
  // The browser's own update check of sw.js fails offline; that is expected.
  expectedConsole.push(/ERR_INTERNET_DISCONNECTED|Failed to fetch|sw\.js/);
  const response = await page.reload();
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { name: 'Login to your Account' })).toBeVisible();
  await expect(page).toHaveTitle('Login | Stafflane');

  // A deep link opens offline too (the navigation fallback), and the network really is gone.
  await page.goto('/some/deep/link');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  const apiReachable = await page.evaluate(() =>
    fetch('/api/version').then(
      () => true,
      () => false,
    ),
  );
  expect(apiReachable).toBe(false);
  await context.setOffline(false);
});
