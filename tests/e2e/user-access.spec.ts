// A person's own sign-in access against the real server: the owner, on a 390 px phone, puts an
// employee on hold from their profile with a reason, and that employee's next sign-in reads
// "Your account is temporarily on hold." Oliver Patel is used by no other spec; he is made active
// again at the end, whatever happened.
import type { Page } from '@playwright/test';
import { ACCOUNTS, apiSignIn, DEMO_PASSWORD } from './support/accounts';
import { expect, PHONE, signIn, test } from './support/fixtures';

const PERSON = { name: 'Oliver Patel', email: 'oliver.patel@demo.test' };

async function ownerToken(page: Page): Promise<string> {
  return (await apiSignIn(page.request, ACCOUNTS.owner)).auth_token;
}

async function idOf(page: Page, token: string): Promise<string> {
  const response = await page.request.get(`/api/user-basic?search=${encodeURIComponent(PERSON.email)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const { results } = (await response.json()) as { results: { id: string }[] };
  expect(results).toHaveLength(1);
  return results[0]!.id;
}

test.use({ viewport: PHONE });

test('the owner puts an employee on hold from their profile, and the employee’s sign-in is refused with §8’s words', async ({
  page,
  browser,
  expectedConsole,
}) => {
  // The refused sign-in (403) and the save without a reason (422).
  expectedConsole.push(/status of (403|422)/);
  const token = await ownerToken(page);
  const id = await idOf(page, token);
  try {
    await page.goto('/login');
    await signIn(page, ACCOUNTS.owner, DEMO_PASSWORD);
    await expect(page.getByRole('button', { name: /^Account menu/ })).toBeVisible();
    await page.goto(`/employee/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: PERSON.name })).toBeVisible();
    const header = page.getByText('Sign-in access', { exact: true }).locator('..');
    await expect(header).toContainText('Active');

    await page.getByRole('button', { name: `Change ${PERSON.name}'s sign-in access` }).click();
    const dialog = page.getByRole('dialog', { name: 'Change sign-in access' });
    await dialog.getByRole('radio', { name: 'On hold' }).check();
    // The reason is required: the server's field message is shown.
    await dialog.getByRole('button', { name: 'Save access' }).click();
    await expect(dialog.getByText('Field is required.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Suspended pending an investigation');
    await dialog.getByRole('button', { name: 'Save access' }).click();
    await expect(dialog).toBeHidden();
    await expect(header).toContainText('On hold');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    const person = await (await browser.newContext({ viewport: PHONE })).newPage();
    await person.goto('/login');
    await signIn(person, PERSON.email, DEMO_PASSWORD);
    await expect(person.getByRole('alert')).toContainText('Your account is temporarily on hold.');
    await expect(person).toHaveURL(/\/login$/);
    await person.context().close();
  } finally {
    const reset = await page.request.put(`/api/user-access/${id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { access: 'active', reason: 'End of the e2e test' },
    });
    expect(reset.status()).toBe(200);
  }
});
