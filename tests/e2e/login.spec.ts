// Signing in and out against the real server (POST /api/login, /api/logout) with the demo
// accounts the embedded database is seeded with.
import { expect, signIn, test } from './support/fixtures';

const OWNER = { email: 'owner@demo.test', password: 'demo-password' };

// Offline: this test works with the service worker; the file's others do without it, each
// context sparing its install and precaching (playwright.config.ts).
test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the owner signs in, lands on / with the greeting, and signs out', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, OWNER.email, OWNER.password);

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('alert').filter({ hasText: 'You have been logged in!' })).toContainText('Success!');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Good (morning|afternoon|evening), \S+/);
    // The unread count leads the title when other tests have left the owner notifications.
    await expect(page).toHaveTitle(/^(\(\d+\) )?Dashboard \| Stafflane$/);
    await expect(page.getByRole('contentinfo')).toHaveText(/Stafflane \d+\.\d+\.\d+.* · API \d+\.\d+\.\d+/);

    // No /api response is kept by the service worker in this version.
    const cachedApi = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys())
          if (new URL(request.url).pathname.startsWith('/api')) urls.push(request.url);
      }
      return urls;
    });
    expect(cachedApi).toEqual([]);

    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert').filter({ hasText: 'You have been logged out!' })).toContainText('See you soon!');
    // Signed out for real: / sends us back.
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('a wrong password counts the attempt and offers the reset link', async ({ page, expectedConsole }) => {
  expectedConsole.push(/status of 401/);
  await page.goto('/login');
  await signIn(page, OWNER.email, 'not-the-password');
  const alert = page.getByRole('alert').filter({ hasText: /Login failed, you have used \d+ of your 5 attempts/ });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('link', { name: 'Reset your password' })).toHaveAttribute('href', '/reset-password');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  // A successful sign-in afterwards starts the count again.
  await page.getByRole('textbox', { name: 'Password' }).fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an empty form is refused before anything is sent', async ({ page }) => {
  await page.goto('/login');
  let posted = false;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/login')) posted = true;
  });
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Field is required.')).toHaveCount(2);
  await page.getByLabel('E-mail').fill('not-an-address');
  await page.getByRole('textbox', { name: 'Password' }).fill('abc');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Invalid email format')).toBeVisible();
  await expect(page.getByText("It's too short.")).toBeVisible();
  await page.getByLabel('E-mail').fill('owner(at)demo.test');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Invalid characters in email')).toBeVisible();
  expect(posted).toBe(false);
});

test('logging out in one tab logs the other tabs out', async ({ page, context, expectedConsole }) => {
  // A request either tab has in flight when the session ends is rightly refused; the browser logs that 401.
  expectedConsole.push(/status of 401/);
  await page.goto('/login');
  await signIn(page, OWNER.email, OWNER.password);
  await expect(page).toHaveURL(/\/$/);
  const other = await context.newPage();
  await other.goto('/');
  await expect(other.getByRole('heading', { level: 1 })).toHaveText(/^Good /);

  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(other).toHaveURL(/\/login$/);
  await expect(other.getByRole('alert').filter({ hasText: 'You have been logged out!' })).toBeVisible();
  await other.close();
});

test('signing in in one tab brings the other tab into the session', async ({ page, context }) => {
  await page.goto('/login');
  const other = await context.newPage();
  await other.goto('/login');
  await signIn(page, OWNER.email, OWNER.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(other).toHaveURL(/\/$/);
  await expect(other.getByRole('heading', { level: 1 })).toHaveText(/^Good /);
  await other.close();
});

test('a browser that blocks local storage gets the blocking dialog', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Local storage is required' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('allow local storage');
  await expect(dialog).toContainText('refresh the page, or use another browser');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
});
