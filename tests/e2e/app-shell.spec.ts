// The built app's shell: the static loading frame, /login, redirects and unknown addresses.
import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { STATIC_SCREENS } from '../../src/app/client/static-screens';
import { ACCOUNTS } from './support/accounts';
import { DESKTOP, expect, PHONE, signedInContext, test } from './support/fixtures';

test('the static page paints a branded loading frame before any script runs', async ({ page, expectedConsole }) => {
  expectedConsole.push(/Failed to load resource/);
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/login');
  await expect(page.getByRole('status').getByText('Stafflane', { exact: true })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Loading…');
  await expect(page.getByRole('heading', { name: 'Login to your Account' })).toBeHidden();
  await expect(page).toHaveTitle('Stafflane');
});

test('on /login the static page paints the sign-in card itself, before the app arrives', async ({ page, expectedConsole }) => {
  expectedConsole.push(/Failed to load resource/);
  // public/boot.js runs; the app's scripts never arrive.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login to your Account' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await expect(page.getByText('Show More')).toBeVisible();
  await expect(page.getByText('Loading…')).toBeHidden();
});

test('a signed-in visitor gets the loading frame, not a sign-in card', async ({ page, expectedConsole }) => {
  expectedConsole.push(/Failed to load resource/);
  await page.addInitScript(() => localStorage.setItem('loggedIn', '1'));
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/');
  await expect(page.getByText('Loading…')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Login to your Account' })).toBeHidden();
});

test('a company user opening / sees the greeting before the app arrives, where the app then draws it', async ({ browser }) => {
  const page = await (await signedInContext(browser, ACCOUNTS.owner, { viewport: PHONE })).newPage();
  const greeting = page.getByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening), Olivia$/ });
  const phone = await staticThenDrawn(page, '/', greeting);
  expect(phone.drawn).toEqual(phone.painted);
  // A desktop with the side menu closed: the page area is at most 72rem wide, centred.
  await page.setViewportSize(DESKTOP);
  await page.evaluate(() => localStorage.setItem('menu-open', '0'));
  const desktop = await staticThenDrawn(page, '/', greeting);
  expect(desktop.drawn).toEqual(desktop.painted);
  expect(desktop.drawn?.x).toBeGreaterThan(16);
});

for (const [name, viewport] of [
  ['a phone', PHONE],
  ['a desktop', DESKTOP],
] as const) {
  test(`every listed screen paints its heading before the app arrives, where the app then draws it, on ${name}`, async ({ browser }) => {
    // Every listed screen opened three times or more: 33-35 s alone on a 2-core machine, over a
    // minute beside another worker at a load of 12.
    test.setTimeout(150_000);
    const page = await (await signedInContext(browser, ACCOUNTS.owner, { viewport })).newPage();
    for (const screen of STATIC_SCREENS) {
      const heading = page.getByRole('heading', { level: 1, name: screen.heading, exact: true });
      const boxes = await staticThenDrawn(page, screen.path, heading);
      expect({ path: screen.path, box: boxes.drawn }).toEqual({ path: screen.path, box: boxes.painted });
      if (screen.lede) {
        const lede = page.getByText(screen.lede, { exact: true });
        await page.route('**/assets/*.js', (route) => route.abort());
        await page.goto(screen.path);
        const painted = await textBox(lede);
        await page.unroute('**/assets/*.js');
        await page.goto(screen.path);
        await expect(page.locator('.boot-screen')).toHaveCount(0);
        expect({ path: screen.path, lede: await textBox(lede) }).toEqual({ path: screen.path, lede: painted });
      }
    }
  });
}

/**
 * Where the heading's text is at `path` with the app's scripts refused (index.html's frame, painted by
 * public/boot.js), then with them, once the app has replaced the frame and its reads have settled.
 */
async function staticThenDrawn(page: Page, path: string, heading: Locator) {
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(path);
  await expect(heading).toBeVisible();
  const painted = await textBox(heading);
  await page.unroute('**/assets/*.js');
  await page.goto(path);
  await expect(page.locator('.boot-screen')).toHaveCount(0);
  await expect(heading).toBeVisible();
  await page.waitForLoadState('networkidle');
  return { painted, drawn: await textBox(heading) };
}

/** Where the element's text is drawn (a heading in a row of buttons is only as wide as its text), and in what colour. */
function textBox(element: Locator) {
  return element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const { x, y, width, height } = range.getBoundingClientRect();
    return { x, y, width, height, color: getComputedStyle(node).color };
  });
}

test('what is typed into the static card before the app arrives is kept', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/app-.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login');
  await page.getByLabel('E-mail').fill('owner@demo.test');
  await page.getByLabel('Password').fill('typed-early');
  release();
  // The app's toggle (the static one controls nothing).
  await expect(page.locator('[aria-controls="login-more"]')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Password' })).toHaveValue('typed-early');
  await expect(page.getByLabel('E-mail')).toHaveValue('owner@demo.test');
});

test('"Sign in" pressed before the app arrives signs in when it does', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/app-.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login');
  await page.getByLabel('E-mail').fill('owner@demo.test');
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Signing in' })).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Good /);
});

test('Show More reveals four more paragraphs, Show Less hides them', async ({ page }) => {
  await page.goto('/login');
  const about = page.getByRole('region', { name: 'About Stafflane' });
  await expect(about.locator('p:visible')).toHaveCount(1);
  await about.getByRole('button', { name: 'Show More' }).click();
  await expect(about.locator('p:visible')).toHaveCount(5);
  await about.getByRole('button', { name: 'Show Less' }).click();
  await expect(about.locator('p:visible')).toHaveCount(1);
});

test('/login renders the sign-in card of the built app', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Login | Stafflane');
  const card = page.getByRole('region', { name: 'Login to your Account' });
  await expect(card.getByRole('heading', { name: 'Login to your Account' })).toBeVisible();
  await expect(card.getByLabel('E-mail')).toHaveAttribute('type', 'email');
  await expect(card.getByRole('textbox', { name: 'Password' })).toHaveAttribute('type', 'password');
  await expect(card.getByRole('link', { name: 'Forgotten your password?' })).toHaveAttribute('href', '/reset-password');
  await expect(card.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  // at least 36rem tall at the default 16px root size (asked again while the page settles: the
  // card can be re-rendered as the app's style sheet arrives).
  await expect.poll(async () => (await card.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(576);
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

test.describe('screenshots', () => {
  // The service worker would serve the app's scripts that the static screenshot keeps out.
  test.use({ serviceWorkers: 'block' });

  test('of /login at phone and desktop widths; the background picture only on large screens', async ({ page, browser, baseURL }) => {
    fs.mkdirSync('.tmp/screenshots', { recursive: true });
    const pictures: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/login-background.svg')) pictures.push(request.url());
    });
    for (const size of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
      await expect(page.locator('[aria-controls="login-more"]')).toBeVisible();
      await page.screenshot({ path: `.tmp/screenshots/login-${size.width}.png`, fullPage: true });
      if (size.width < 1024) expect(pictures).toEqual([]);

      // The card as index.html paints it before any script of the app, for comparison: a
      // fresh browser context, so nothing is cached.
      const context = await browser.newContext({ viewport: size, baseURL, serviceWorkers: 'block' });
      const bare = await context.newPage();
      await bare.route('**/assets/*.js', (route) => route.abort());
      await bare.goto('/login');
      await expect(bare.getByRole('heading', { name: 'Login to your Account' })).toBeVisible();
      await bare.screenshot({ path: `.tmp/screenshots/login-${size.width}-static.png`, fullPage: true });
      await context.close();
    }
    expect(pictures.length).toBeGreaterThan(0);
  });
});
