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
  // Three browsers and two sessions: 43–53 s on this 2-core machine beside the other specs,
  // once over the default 60 s.
  test.setTimeout(120_000);
  // The administrator asks through the form on /admin, picking the company by a search.
  const adminPage = await signedInPage(browser, ACCOUNTS.admin);
  await expect(adminPage).toHaveURL(/\/admin$/);
  const reason = `Checking a rota question (${crypto.randomUUID().slice(0, 8)})`;
  await adminPage.getByRole('button', { name: 'Request access' }).click();
  const form = adminPage.getByRole('dialog', { name: 'Request access to a company' });
  await form.getByRole('combobox', { name: /Company/ }).fill('demo');
  await adminPage.getByRole('option', { name: 'Demo Ltd (01234567)' }).click();
  await form.getByRole('textbox', { name: /Reason/ }).fill(reason);
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form).toBeHidden();
  const grant = adminPage.getByRole('article').filter({ hasText: reason });
  await expect(grant).toContainText('Waiting for decision');

  const admin = await apiSignIn(request, ACCOUNTS.admin);
  const listed = await request.get('/api/access-requests', { headers: { authorization: `Bearer ${admin.auth_token}` } });
  const id = ((await listed.json()) as { results: { id: string; reason: string }[] }).results.find((r) => r.reason === reason)?.id;
  expect(id).toBeDefined();

  // The owner opens the page the notification links to and approves.
  const owner = await signedInPage(browser, ACCOUNTS.owner);
  await owner.goto(`/settings/user-settings/access-requests?request_id=${id}`);
  const card = owner.locator('article[aria-current="true"]');
  await expect(card).toContainText(reason);
  await expect(card).toContainText('Waiting for decision');
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card).toContainText('Access open');

  // The administrator signs in as the employee from /admin.
  await adminPage.reload();
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
