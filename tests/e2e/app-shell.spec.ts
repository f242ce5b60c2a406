// The built app's shell: the static loading frame, /login, redirects and unknown addresses.
import fs from 'node:fs';
import { expect, test } from './support/fixtures';

test('the static page paints a branded loading frame before any script runs', async ({ page, expectedConsole }) => {
  expectedConsole.push(/Failed to load resource/);
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/login');
  await expect(page.getByText('Stafflane', { exact: true })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Loading…');
  await expect(page).toHaveTitle('Stafflane');
});

test('/login renders the sign-in card of the built app', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Login | Stafflane');
  const card = page.getByRole('region', { name: 'Login to your Account' });
  await expect(card.getByRole('heading', { name: 'Login to your Account' })).toBeVisible();
  await expect(card.getByLabel('E-mail')).toHaveAttribute('type', 'email');
  await expect(card.getByRole('textbox', { name: 'Password' })).toHaveAttribute('type', 'password');
  await expect(card.getByRole('link', { name: 'Forgotten your password?' })).toHaveAttribute('href', '/reset-password');
  await expect(card.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  // SPEC §2.2: at least 36rem tall at the default 16px root size.
  expect((await card.boundingBox())?.height).toBeGreaterThanOrEqual(576);
});

test('signed out, / goes to /login', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Login to your Account' })).toBeVisible();
});

test('an unknown address shows "Page not found" with a way home', async ({ page }) => {
  await page.goto('/no-such-page/here');
  await expect(page).toHaveTitle('Page not found | Stafflane');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('screenshots of /login at phone and desktop widths', async ({ page }) => {
  fs.mkdirSync('.tmp/screenshots', { recursive: true });
  for (const size of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(size);
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Login to your Account' })).toBeVisible();
    await page.screenshot({ path: `.tmp/screenshots/login-${size.width}.png`, fullPage: true });
  }
});
