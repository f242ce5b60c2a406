// The signed-in frame: the side menu each kind of user gets among the modules
// that have landed, the bell against notifications the server creates, restricted mode, the
// menu's stored open state, and screenshots of the dashboard at phone and desktop widths.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { ACCOUNTS, apiSignIn, DEMO_PASSWORD } from './support/accounts';
import { expect, signIn, test } from './support/fixtures';
import { notifyCompanyUser } from './support/server-database';

// Serial: the alert banner test shows a banner to every user of the demo company while it runs.
test.describe.configure({ mode: 'serial' });

const SCREENSHOTS = 'test-results/shell';
const sideMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

async function signInAs(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await signIn(page, email, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** The titles of the side menu's entries, and which of them are disabled. */
async function menuEntries(page: Page): Promise<{ title: string; disabled: boolean }[]> {
  const entries = sideMenu(page).locator('a, button');
  await expect(entries.first()).toBeVisible();
  return entries.evaluateAll((nodes) =>
    // A badge's count ("2", "9+") is not part of the title.
    nodes.map((node) => ({
      title: (node.textContent?.trim() ?? '').replace(/\d+\+?$/, ''),
      disabled: node.getAttribute('aria-disabled') === 'true',
    })),
  );
}

/** Waits for the menu's slide to finish, so a screenshot shows where it comes to rest. */
async function menuAtRest(page: Page, open: boolean): Promise<void> {
  const left = () => page.locator('#side-menu').evaluate((node) => Math.round(node.getBoundingClientRect().left));
  if (open) await expect.poll(left).toBe(0);
  else await expect.poll(left).toBeLessThan(-200);
}

function claimsOf(token: string): { user_id: string; company_id: string } {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { user_id: string; company_id: string };
}

test.describe('the side menu shows each kind of user exactly what they may use', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  // The manager builds rotas and reads reports for Operations; both report overtime (the demo has it on).
  const everyone = (...titles: string[]) => titles.map((title) => ({ title, disabled: false }));
  const menus = {
    [ACCOUNTS.manager]: everyone(
      'Dashboard',
      'Employees',
      'Leave & Absences',
      'My Rota Shifts',
      'Rota Management',
      'Timesheets',
      'Calendar',
      'Overtime',
      'HR Documents',
      'H&S Documents',
      'HR Tasks',
      'H&S Tasks',
      'Incident Logs',
      'Expenses',
      'Noticeboard',
      'Reports',
      'Expert Articles & Insights',
      'Help/FAQ',
      'Contact Us',
    ),
    [ACCOUNTS.employee]: everyone(
      'Dashboard',
      'Employees',
      'Leave & Absences',
      'My Rota Shifts',
      'Calendar',
      'Overtime',
      'HR Documents',
      'H&S Documents',
      'HR Tasks',
      'H&S Tasks',
      'Incident Logs',
      'Expenses',
      'Noticeboard',
      'Expert Articles & Insights',
      'Help/FAQ',
      'Contact Us',
    ),
  };
  for (const email of [ACCOUNTS.manager, ACCOUNTS.employee]) {
    test(`${email}: the entries of their modules, Help/FAQ and Contact Us; settings holds User Settings and Document Tags`, async ({
      page,
    }) => {
      await signInAs(page, email);
      // Entries that depend on the company's switches appear once those have loaded.
      await expect.poll(() => menuEntries(page)).toEqual(menus[email]);
      await expect(sideMenu(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
      await expect(sideMenu(page).getByRole('link', { name: 'Help/FAQ' })).toHaveAttribute('target', '_blank');
      await page.getByRole('button', { name: 'Settings' }).click();
      // The demo company lets its people export their own personal data (Ella's role holds the own-scope grant).
      await expect(page.getByRole('menuitem')).toHaveText(
        email === ACCOUNTS.employee ? ['User Settings', 'Document Tags', 'Personal Data Exports'] : ['User Settings', 'Document Tags'],
      );
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /^Account menu/ }).click();
      await expect(page.getByRole('menuitem')).toHaveText(['My profile', 'Logout']);
      await expect(page.getByTestId('presence-dot')).not.toHaveAttribute('title', 'Impersonation Mode');
      await expect(page.getByRole('contentinfo')).toHaveText(/Stafflane \d+\.\d+\.\d+.* · API \d+\.\d+\.\d+/);
    });
  }

  test('a docs-only user sees the restricted menu: only the dashboard and documents areas enabled', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, ACCOUNTS.docs, DEMO_PASSWORD);
    // Both document areas: the dashboard is theirs (docs-only is the dashboard and documents only).
    await expect(page).toHaveURL(/\/$/);
    // The rota entry depends on the company's switches: wait for them.
    await expect(sideMenu(page).getByRole('link', { name: 'My Rota Shifts' })).toBeVisible();
    const entries = await menuEntries(page);
    expect(entries.map((entry) => entry.title)).toEqual([
      'Dashboard',
      'Leave & Absences',
      'My Rota Shifts',
      'Calendar',
      'HR Documents',
      'H&S Documents',
      'Expert Articles & Insights',
      'Help/FAQ',
    ]);
    expect(entries.find((entry) => entry.title === 'Help/FAQ')?.disabled).toBe(true);
    expect(entries.find((entry) => entry.title === 'Dashboard')?.disabled).toBe(false);
    expect(entries.filter((entry) => entry.title.endsWith('Documents') && !entry.disabled).length).toBeGreaterThan(0);
    // A disabled entry does not navigate.
    const url = page.url();
    await sideMenu(page).getByRole('link', { name: 'Help/FAQ' }).click({ force: true });
    expect(page.url()).toBe(url);
    expect(page.context().pages()).toHaveLength(1);
  });
});

test('a notification created on the server raises the bell; opening the bell marks all read', async ({ page, request }) => {
  // Emily, whom the leave tests running alongside never notify; what the demo's start-up
  // reminders told her is read first.
  const { auth_token } = await apiSignIn(request, ACCOUNTS.hrAdmin);
  const claims = claimsOf(auth_token);
  const markedRead = await request.post('/api/notifications/read', {
    data: {},
    headers: { authorization: `Bearer ${auth_token}`, 'idempotency-key': crypto.randomUUID() },
  });
  expect(markedRead.status()).toBeLessThan(300);
  await signInAs(page, ACCOUNTS.hrAdmin);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  await notifyCompanyUser({
    companyId: claims.company_id,
    userId: claims.user_id,
    description: '<p>Ann asked for <b>annual leave</b><script>alert(1)</script></p>',
    relatesTo: 'absence_request',
    relatesToId: '5',
    todo: true,
    kind: 'absence.decide',
  });
  await page.reload();
  await expect(bell).toHaveAccessibleName('Notifications, 1 new');
  await expect(page).toHaveTitle('(1) Dashboard | Stafflane');
  // The dashboard lists it under what needs the user's action.
  await expect(page.getByRole('region', { name: 'Needs your action' })).toContainText('Ann asked for annual leave');

  const read = page.waitForRequest((req) => req.url().endsWith('/api/notifications/read') && req.method() === 'POST');
  await bell.click();
  await read;
  const list = page.getByRole('dialog').getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('button', { name: /Ann asked for annual leave/ })).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: 'Ann asked for annual leave' }).getByText('Action Required')).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(page).toHaveTitle('Dashboard | Stafflane');

  // All notifications, with Action Required marked.
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('list', { name: 'Notifications' })).toContainText('Action Required');
});

test('administrators get the same frame with their own menu, and no bell or settings', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/login');
  await signIn(page, ACCOUNTS.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  expect(await menuEntries(page)).toEqual([
    { title: 'Administration', disabled: false },
    { title: 'Companies', disabled: false },
    { title: 'Orders', disabled: false },
    { title: 'Administrators', disabled: false },
    { title: 'Platform audit', disabled: false },
    { title: 'Alerts', disabled: false },
    { title: 'Expert articles', disabled: false },
    { title: 'Live chat', disabled: false },
    { title: 'Contact requests', disabled: false },
    { title: 'Notifications', disabled: false },
  ]);
  await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Settings' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Account menu/ })).toBeVisible();
  await sideMenu(page).getByRole('link', { name: 'Notifications' }).click();
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
});

test('a published alert shows as a red banner until dismissed, and stays dismissed', async ({ page, request }) => {
  const { auth_token } = await apiSignIn(request, ACCOUNTS.admin);
  const headers = { authorization: `Bearer ${auth_token}`, 'idempotency-key': crypto.randomUUID() };
  const created = await request.post('/api/alerts', {
    headers,
    data: {
      kind: 'banner',
      short_message: 'Planned maintenance tonight',
      long_message: '<p>Stafflane is unavailable from 22:00 to 23:00.</p>',
      published_at: new Date(Date.now() - 60_000).toISOString(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  try {
    await signInAs(page, ACCOUNTS.employee);
    const banners = page.getByRole('region', { name: 'Alerts' });
    await expect(banners).toContainText('Planned maintenance tonight');
    await expect(banners).toContainText('Stafflane is unavailable from 22:00 to 23:00.');
    await banners.getByRole('button', { name: 'Dismiss alert' }).click();
    await expect(banners).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Planned maintenance tonight')).toBeHidden();
  } finally {
    await request.delete(`/api/alerts/${id}`, { headers: { ...headers, 'idempotency-key': crypto.randomUUID() } });
  }
});

test('the menu open state persists as 1 or 0 at 1440 px', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, ACCOUNTS.employee);
  await expect(sideMenu(page)).toBeVisible();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(sideMenu(page)).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('menu-open'))).toBe('0');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(sideMenu(page)).toBeHidden();
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(sideMenu(page)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('menu-open'))).toBe('1');
});

test('on a phone the menu is a drawer that closes after a choice', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, ACCOUNTS.employee);
  await expect(sideMenu(page)).toBeHidden();
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(sideMenu(page)).toBeVisible();
  await sideMenu(page).getByRole('button', { name: 'Contact Us' }).click();
  await expect(sideMenu(page)).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Contact support' })).toBeVisible();
  // Nothing stored below 1024 px.
  expect(await page.evaluate(() => localStorage.getItem('menu-open'))).toBeNull();
});

test('screenshots of the dashboard at 390 px and 1440 px, menu open and closed', async ({ page }) => {
  // Four full screenshots of a dashboard with every module's cards.
  test.setTimeout(120_000);
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, ACCOUNTS.manager);
  await expect(page.getByRole('region', { name: 'Needs your action' })).toBeVisible();
  await menuAtRest(page, true);
  await page.screenshot({ path: `${SCREENSHOTS}/dashboard-1440-menu-open.png` });
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(sideMenu(page)).toBeHidden();
  await menuAtRest(page, false);
  await page.screenshot({ path: `${SCREENSHOTS}/dashboard-1440-menu-closed.png` });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(sideMenu(page)).toBeHidden();
  await menuAtRest(page, false);
  await page.screenshot({ path: `${SCREENSHOTS}/dashboard-390-menu-closed.png` });
  // A toast from the other specs' writes may sit over the top bar on a phone: press the button itself.
  await page.getByRole('button', { name: 'Menu', exact: true }).dispatchEvent('click');
  await expect(sideMenu(page)).toBeVisible();
  await menuAtRest(page, true);
  await page.screenshot({ path: `${SCREENSHOTS}/dashboard-390-menu-open.png` });
});
