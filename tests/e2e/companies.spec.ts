// A new customer against the real server: an administrator creates a company on
// /admin/companies and invites its owner; the owner, on a 390 px phone, opens the link from
// the real SMTP e-mail, sets a password at /welcome and lands in an empty company whose
// dashboard shows the first-run checklist, nothing ticked and each step linking to its screen.
// Then the administrator puts the company on hold: the owner's next sign-in is refused, saying
// the account is temporarily on hold and giving the support address.
import type { Browser, Page } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD } from './support/accounts';
import { expect, PHONE, signIn, test } from './support/fixtures';
import { expectChecklist, setPasswordOnWelcome } from './support/first-run';
import { mailCount, waitForMail } from './support/mail-sink';

const LINK = /\/confirm-email\?token=([\w-]+)/;

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await signIn(page, email, DEMO_PASSWORD);
  await page.waitForURL((url) => url.pathname !== '/login');
  await expect(page.getByRole('button', { name: /^Account menu/ })).toBeVisible();
  return page;
}

test('an administrator creates a company and invites its owner, who accepts on a phone and sees the first-run checklist', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const suffix = crypto.randomUUID().slice(0, 6);
  const name = `Wrenfield ${suffix} Ltd`;
  const ownerEmail = `olu.${suffix}@wrenfield.test`;

  const admin = await signedInPage(browser, ACCOUNTS.admin);
  await admin.getByRole('link', { name: 'Companies' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
  await expect(admin.getByRole('table', { name: 'Companies' })).toContainText('Harbour Bakery Ltd');

  await admin.getByRole('button', { name: 'New company' }).click();
  const form = admin.getByRole('dialog', { name: 'New company' });
  await form.getByRole('textbox', { name: 'Company name' }).fill(name);
  await form.getByRole('textbox', { name: 'Company number' }).fill(`WR${suffix}`.toUpperCase().replace(/[^A-Z0-9]/g, '0'));
  await form.getByRole('textbox', { name: 'Sector' }).fill('Garden centres');
  await form.getByRole('textbox', { name: 'Address' }).fill('2 Mill Lane\nYork\nYO1 7AA');
  await form.getByRole('checkbox', { name: 'H&S' }).check();
  await form.getByRole('textbox', { name: 'Seats' }).fill('12');
  await form.getByRole('textbox', { name: 'First name' }).fill('Olu');
  await form.getByRole('textbox', { name: 'Surname' }).fill('Adeyemi');
  const before = await mailCount(ownerEmail);
  await form.getByRole('textbox', { name: 'E-mail' }).fill(ownerEmail);
  await form.getByRole('button', { name: 'Create and invite' }).click();
  await expect(admin.getByRole('alert').filter({ hasText: `An invitation has gone to ${ownerEmail}` })).toBeVisible();

  await admin.getByRole('textbox', { name: 'Search' }).fill(name);
  const row = admin.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Garden centres');
  await expect(row).toContainText('1 of 12');
  await expect(row).toContainText('Active');

  // The owner, on a phone, from the real e-mail.
  const { match: token } = await waitForMail({ to: ownerEmail, pattern: LINK, after: before });
  const owner = await (await browser.newContext({ viewport: PHONE })).newPage();
  await owner.goto(`/confirm-email?token=${token}`);
  await setPasswordOnWelcome(owner, 'Olu', 'wren-password-1');
  await expectChecklist(owner.getByRole('region', { name: 'Set up your company' }), 0);
  const width = await owner.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);

  // The administrator puts it on hold: the owner's next sign-in is refused, saying the account is
  // temporarily on hold and giving the support address.
  await row.getByRole('button', { name: `Manage ${name}` }).click();
  const manage = admin.getByRole('dialog', { name });
  await manage.getByText('On hold', { exact: true }).click();
  await manage.getByRole('textbox', { name: 'Reason' }).fill('Trial paused at the customer’s request');
  await manage.getByRole('button', { name: 'Save and make on hold' }).click();
  await expect(row).toContainText('On hold');

  const again = await (await browser.newContext({ viewport: PHONE })).newPage();
  await again.goto('/login');
  await signIn(again, ownerEmail, 'wren-password-1');
  await expect(again.getByRole('alert')).toContainText('temporarily on hold');
});
