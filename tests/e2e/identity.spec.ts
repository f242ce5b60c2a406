// Signing in as each kind of user, two-factor codes by e-mail, password reset and change —
// against the real server, with the mail read from the SMTP sink. Serial: some tests change
// an account (two-factor on, a new password) and put it back before the next one runs.
import { ACCOUNTS, apiSignIn, DEMO_PASSWORD, setTwoFactor, SIGN_IN_CODE } from './support/accounts';
import { expect, signIn, test } from './support/fixtures';
import { mailCount, waitForMail } from './support/mail-sink';

test.describe.configure({ mode: 'serial' });

const GREETING = /^Good (morning|afternoon|evening), \S+/;

test.describe('each demo account lands on its home after signing in', () => {
  for (const email of [ACCOUNTS.owner, ACCOUNTS.manager, ACCOUNTS.employee]) {
    test(`${email} → / with the greeting`, async ({ page }) => {
      await page.goto('/login');
      await signIn(page, email, DEMO_PASSWORD);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('alert').filter({ hasText: 'You have been logged in!' })).toContainText('Success!');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(GREETING);
      // Signed in, /login sends them home again.
      await page.goto('/login');
      await expect(page).toHaveURL(/\/$/);
    });
  }

  test('the administrator → /admin with their account and the product version', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, ACCOUNTS.admin, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page).toHaveTitle('Administration | Stafflane');
    await expect(page.getByRole('heading', { name: 'Administration', level: 1 })).toBeVisible();
    const account = page.getByRole('region', { name: 'Your account' });
    await expect(account).toContainText(ACCOUNTS.admin);
    await expect(account).toContainText('Stafflane administrator');
    await expect(page.getByRole('region', { name: 'Product version' })).toContainText(/App\s*\d+\.\d+\.\d+/);
    // An administrator has no company: / sends them back to /admin.
    await page.goto('/');
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('the docs-only user with both areas → their dashboard and documents, and nowhere else', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, ACCOUNTS.docs, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/hr-documents');
    await expect(page.getByRole('link', { name: 'Employee handbook' })).toBeVisible();
    await page.goto('/employees');
    await expect(page).toHaveURL(/\/hr-documents$/);
  });
});

test.describe('two-factor codes by e-mail', () => {
  const email = ACCOUNTS.twoFactor;

  test.beforeAll(async ({ request }) => {
    const { auth_token } = await apiSignIn(request, email);
    await setTwoFactor(request, auth_token, true);
  });

  test.afterAll(async ({ request }) => {
    const { auth_token } = await apiSignIn(request, email);
    await setTwoFactor(request, auth_token, false);
  });

  test('the code step: fields hidden, masked address, countdown; a wrong code, then the right one', async ({ page, expectedConsole }) => {
    expectedConsole.push(/status of 401/);
    await page.goto('/login');
    const before = await mailCount(email);
    await signIn(page, email, DEMO_PASSWORD);

    const code = page.getByRole('textbox', { name: 'Code' });
    await expect(code).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Password' })).toHaveCount(0);
    await expect(page.getByText(/We have sent a code to your e-mail address \S*\*\S*\./)).toBeVisible();
    await expect(page.getByRole('timer')).toHaveText(/^0[45]:\d\d$/);

    await code.fill('000000');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid code, please try again.' })).toBeVisible();
    await expect(code).toBeVisible();

    const { match: sent } = await waitForMail({ to: email, pattern: SIGN_IN_CODE, after: before });
    await code.fill(sent);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(GREETING);
  });

  test('when the countdown reaches zero, the password, the code and the error are cleared', async ({ page, expectedConsole }) => {
    expectedConsole.push(/status of 401/);
    await page.clock.install();
    await page.goto('/login');
    await signIn(page, email, DEMO_PASSWORD);
    const code = page.getByRole('textbox', { name: 'Code' });
    await code.fill('000000');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid code, please try again.' })).toBeVisible();
    await code.fill('123');

    await page.clock.fastForward('05:01');
    await expect(code).toHaveCount(0);
    await expect(page.getByLabel('E-mail')).toHaveValue(email);
    await expect(page.getByRole('textbox', { name: 'Password' })).toHaveValue('');
    await expect(page.getByText('Invalid code, please try again.')).toHaveCount(0);
  });
});

test.describe('passwords', () => {
  const email = ACCOUNTS.passwordReset;
  const NEW_PASSWORD = 'a-new-password-2030';

  test('a reset link by e-mail sets a new password; /change-password puts the old one back', async ({ page, expectedConsole }) => {
    // The second use of the link is refused with a 422.
    expectedConsole.push(/status of 422/);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgotten your password?' }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
    // The URL changes before the page does: until its heading shows, the login form is still there.
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    const before = await mailCount(email);
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByText('If an account exists for this address, we have sent a link to reset the password.')).toBeVisible();

    const { match: link } = await waitForMail({ to: email, pattern: /(https?:\/\/\S+\/reset-password\?token=\S+)/, after: before });
    const token = new URL(link).searchParams.get('token') ?? '';
    await page.goto(`/reset-password?token=${encodeURIComponent(token)}`);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm the new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();

    // The link works once.
    await page.goto(`/reset-password?token=${encodeURIComponent(token)}`);
    await page.getByLabel('New password', { exact: true }).fill('another-one');
    await page.getByLabel('Confirm the new password').fill('another-one');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByText('This link has expired or has already been used. Please request a new one.')).toBeVisible();

    await page.goto('/login');
    await signIn(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/change-password');
    await page.getByLabel('Current password').fill(NEW_PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Confirm the new password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Password changed.' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    // Still signed in with the new session's token.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(GREETING);
  });
});
