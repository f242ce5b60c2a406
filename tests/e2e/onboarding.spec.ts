// Onboarding against the real server: the demo owner invites the demo company's invited
// user through the API (twice: the first link dies), the link arrives at the SMTP sink, and
// opening it leads through /welcome (password, terms) to the dashboard.
import { DEMO_INVITED_ACCOUNT } from '../../src/modules/auth/server/onboarding-demo';
import { ACCOUNTS, apiSignIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { mailCount, waitForMail } from './support/mail-sink';

const LINK = /\/confirm-email\?token=([\w-]+)/;

test('an invited user opens the link, sets a password, accepts the terms and lands on the dashboard', async ({
  browser,
  baseURL,
  page,
  request,
}) => {
  const email = DEMO_INVITED_ACCOUNT.email;
  const { auth_token } = await apiSignIn(request, ACCOUNTS.owner);
  async function invite(): Promise<string> {
    const before = await mailCount(email);
    const invited = await request.post('/api/user-invitation', {
      data: { user_id: DEMO_INVITED_ACCOUNT.id },
      headers: { authorization: `Bearer ${auth_token}`, 'idempotency-key': crypto.randomUUID() },
    });
    expect(invited.status(), await invited.text()).toBe(200);
    expect(await invited.json()).toEqual({ user_id: DEMO_INVITED_ACCOUNT.id, status: 'invited', email });
    return (await waitForMail({ to: email, pattern: LINK, after: before })).match;
  }
  // Invited twice: only the second link works.
  const earlier = await invite();
  const token = await invite();
  expect(token).not.toBe(earlier);

  await page.goto(`/confirm-email?token=${token}`);
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${DEMO_INVITED_ACCOUNT.firstName}`);
  // Still onboarding: the rest of the app sends the user back here.
  await page.goto('/');
  await expect(page).toHaveURL(/\/welcome$/);

  await page.getByRole('button', { name: 'Read the terms and conditions' }).click();
  await expect(page.getByRole('dialog', { name: 'Terms and conditions' })).toContainText('Your employer controls the information');
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('ivy-password');
  await page.getByRole('textbox', { name: 'Confirm the new password' }).fill('ivy-password');
  await page.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
  await page.getByRole('button', { name: 'Set your password' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Your account is ready. Welcome to Stafflane!' })).toContainText('Success!');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Good (morning|afternoon|evening), Ivy/);

  // The new password signs in; the earlier link stopped working when the second was sent.
  const signedIn = await request.post('/api/login', { data: { email, password: 'ivy-password' } });
  expect(signedIn.status()).toBe(200);
  // In a browser of its own: clearing this one's storage under the live dashboard would send
  // its late queries (the chat launcher's, loaded on demand) with no token, and log their 401s.
  const stranger = await browser.newContext({ baseURL });
  const other = await stranger.newPage();
  await other.goto(`/confirm-email?token=${earlier}`);
  await expect(other.getByRole('alert')).toContainText('This invitation link is not valid or has already been used.');
  await expect(other.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
  await stranger.close();
});
