// Impersonation with consent, in two browsers against the real server: the administrator asks
// Demo Ltd for access, the owner approves it from the notification's page, the administrator
// signs in as the employee (the pulsing "Impersonation Mode" dot), and when the owner ends the
// access the administrator's impersonated session is gone.
import type { Browser, Page } from '@playwright/test';
import { ACCOUNTS, apiSignIn, DEMO_PASSWORD } from './support/accounts';
import { expect, signIn, test } from './support/fixtures';

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await signIn(page, email, DEMO_PASSWORD);
  // Signed in once the login page is left (its own heading is a level-1 heading too).
  await page.waitForURL((url) => url.pathname !== '/login');
  await expect(page.getByRole('button', { name: /^Account menu/ })).toBeVisible();
  return page;
}

test('an administrator asks, the owner approves, the administrator works as the employee until the owner ends it', async ({
  browser,
  request,
}) => {
  const admin = await apiSignIn(request, ACCOUNTS.admin);
  const headers = { authorization: `Bearer ${admin.auth_token}`, 'idempotency-key': crypto.randomUUID() };
  const companies = await request.get('/api/access-request-companies?search=Demo', { headers });
  const demo = ((await companies.json()) as { id: string; name: string }[]).find((c) => c.name === 'Demo Ltd');
  expect(demo).toBeDefined();
  const reason = `Checking a rota question (${crypto.randomUUID().slice(0, 8)})`;
  const created = await request.post('/api/access-requests', { headers, data: { company_id: demo?.id, reason, duration_hours: 2 } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // The owner opens the page the notification links to and approves.
  const owner = await signedInPage(browser, ACCOUNTS.owner);
  await owner.goto(`/settings/user-settings/access-requests?request_id=${id}`);
  const card = owner.locator('article[aria-current="true"]');
  await expect(card).toContainText(reason);
  await expect(card).toContainText('Waiting for decision');
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card).toContainText('Access open');

  // The administrator signs in as the employee from /admin.
  const adminPage = await signedInPage(browser, ACCOUNTS.admin);
  await expect(adminPage).toHaveURL(/\/admin$/);
  const grant = adminPage.getByRole('article').filter({ hasText: reason });
  await expect(grant).toContainText('Access open');
  await grant.getByLabel(/Sign in as/).click();
  await adminPage.getByRole('option', { name: /Ella Evans/ }).click();
  await grant.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(adminPage).toHaveURL(/\/$/);
  await expect(adminPage.getByRole('heading', { level: 1 })).toContainText('Ella');
  await expect(adminPage.getByTitle('Impersonation Mode')).toBeVisible();

  // The owner ends the access: the impersonated session stops working at once.
  await owner.reload();
  await card.getByRole('button', { name: 'End access' }).click();
  await owner.getByRole('dialog').getByRole('button', { name: 'End access' }).click();
  await expect(card).toContainText('Ended');
  await adminPage.reload();
  await expect(adminPage).toHaveURL(/\/login/);
});
