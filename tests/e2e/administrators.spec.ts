// Administrators' support teams against the real server: an administrator invites another, who
// starts in the support team, and changes that newcomer's teams from /admin/administrators.
// The demo administrator's own teams (which the chat spec relies on) are left alone.
import { ACCOUNTS, DEMO_PASSWORD } from './support/accounts';
import { expect, signIn, test } from './support/fixtures';

test('an administrator invites another, who starts in the support team, and changes their teams', async ({ page }) => {
  const suffix = crypto.randomUUID().slice(0, 6);
  const name = `Nia Newton${suffix}`;
  await page.goto('/login');
  await signIn(page, ACCOUNTS.admin, DEMO_PASSWORD);
  await expect(page.getByRole('button', { name: /^Account menu/ })).toBeVisible();
  await page.goto('/admin/administrators');
  await expect(page.getByRole('heading', { level: 1, name: 'Administrators' })).toBeVisible();

  await page.getByRole('button', { name: 'Invite an administrator' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite an administrator' });
  await invite.getByRole('textbox', { name: 'First name' }).fill('Nia');
  await invite.getByRole('textbox', { name: 'Surname' }).fill(`Newton${suffix}`);
  await invite.getByRole('textbox', { name: 'E-mail' }).fill(`nia.${suffix}@stafflane.test`);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite).toBeHidden();

  const table = page.getByRole('table', { name: 'Administrators' });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Support team');
  await expect(row).not.toContainText('HR advice team');

  await row.getByRole('button', { name: `Change the support teams of ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Support teams of ${name}` });
  await expect(dialog.getByRole('checkbox', { name: 'Support team' })).toBeChecked();
  await dialog.getByRole('checkbox', { name: 'Support team' }).uncheck();
  await dialog.getByRole('checkbox', { name: 'HR advice team' }).check();
  await dialog.getByRole('checkbox', { name: 'H&S advice team' }).check();
  await dialog.getByRole('button', { name: 'Save teams' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('HR advice team');
  await expect(row).toContainText('H&S advice team');
  await expect(row).not.toContainText('Support team');

  // Saved on the server: a reload shows the same.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Administrators' }).getByRole('row').filter({ hasText: name })).toContainText(
    'HR advice team',
  );
});
