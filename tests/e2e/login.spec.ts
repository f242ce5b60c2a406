// Signing in and out against the real server (POST /api/login, /api/logout) with the demo
// accounts the embedded database is seeded with.
import { expect, signIn, test } from './support/fixtures';

const OWNER = { email: 'owner@demo.test', password: 'demo-password' };

test('the owner signs in, lands on / with the greeting, and signs out', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, OWNER.email, OWNER.password);

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('alert').filter({ hasText: 'You have been logged in!' })).toContainText('Success!');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Good (morning|afternoon|evening), \S+/);
  await expect(page).toHaveTitle('Dashboard | Stafflane');
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

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert').filter({ hasText: 'You have been logged out!' })).toContainText('See you soon!');
  // Signed out for real: / sends us back.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password shows the server message and stays on /login', async ({ page, expectedConsole }) => {
  expectedConsole.push(/status of 401/);
  await page.goto('/login');
  await signIn(page, OWNER.email, 'not-the-password');
  await expect(page.getByRole('alert').filter({ hasText: 'Login Failed, please check your email and password.' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
});

test('an empty form is refused before anything is sent', async ({ page }) => {
  await page.goto('/login');
  let posted = false;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/login')) posted = true;
  });
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Field is required.')).toHaveCount(2);
  await page.getByLabel('E-mail').fill('not-an-address');
  await page.getByRole('textbox', { name: 'Password' }).fill('abc');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('This is not a valid e-mail address.')).toBeVisible();
  await expect(page.getByText("It's too short.")).toBeVisible();
  expect(posted).toBe(false);
});
