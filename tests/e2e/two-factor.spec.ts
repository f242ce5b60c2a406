// Two-factor sign-in on a phone: a new person sets up an authenticator app from the key the
// set-up step shows (the test computes the app's codes), saves the recovery codes, signs out
// and signs in with the app's code; and, in Chromium with a virtual authenticator (DevTools
// WebAuthn), adds a passkey, signs in with it from the login page and removes it.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { base32Decode, totp } from '../../src/modules/auth/server/totp';
import { ACCOUNTS, apiSignIn, DEMO_PASSWORD, tokenClaims } from './support/accounts';
import { expectAccessible } from './support/axe';
import { expect, PHONE, signIn, test } from './support/fixtures';
import { addEmployee } from './support/server-database';

test.use({ viewport: PHONE });

/** A new employee of the demo company, so no other test's accounts change. */
async function newPerson(request: Parameters<typeof apiSignIn>[0]): Promise<string> {
  const owner = await apiSignIn(request, ACCOUNTS.owner);
  const email = `tess.${randomBytes(4).toString('hex')}@demo.test`;
  await addEmployee(tokenClaims(owner.auth_token).company_id, { email, firstName: 'Tess', surname: 'Factor' });
  return email;
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('a person sets up an authenticator app, saves the recovery codes and signs in with the app', async ({
  page,
  request,
  expectedConsole,
}) => {
  expectedConsole.push(/status of 401/);
  const email = await newPerson(request);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
  await expectAccessible(page);
  await signIn(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/settings/user-settings');
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = base32Decode(await page.getByTestId('authenticator-key').innerText());
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Code from the app' }).fill(totp(secret, Date.now()));
  await page.getByRole('button', { name: 'Confirm' }).click();

  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download (.txt)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('stafflane-recovery-codes.txt');
  const saved = fs.readFileSync((await file.path()) ?? '', 'utf8');
  for (const code of await codes.allInnerTexts()) expect(saved).toContain(code);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('An authenticator app is set up. 10 of your recovery codes are left.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Two-factor method' })).toHaveValue('Authenticator app');

  await signOut(page);
  await signIn(page, email, DEMO_PASSWORD);
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await expect(page.getByRole('timer')).toHaveCount(0);
  await expectAccessible(page);
  // The confirming code spent its 30-second step; the next step's code is within the window.
  await page.getByRole('textbox', { name: 'Code' }).fill(totp(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a person adds a passkey, signs in with it and removes it (virtual authenticator)', async ({
  page,
  request,
  baseURL,
  expectedConsole,
}) => {
  // The realtime socket accepts only the configured origin (127.0.0.1 here): at localhost it is refused, which is not this test's concern.
  expectedConsole.push(/WebSocket connection to .*\/api\/realtime' failed: .* 403/);
  const email = await newPerson(request);
  // Browsers take no IP address as a passkey's site: the same server, as localhost.
  const site = (baseURL ?? '').replace('127.0.0.1', 'localhost');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await page.goto(`${site}/login`);
  await signIn(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`${site}/settings/user-settings`);
  await page.getByRole('textbox', { name: 'Passkey name' }).fill('Tess’s phone');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByTestId('passkey')).toContainText('Tess’s phone');

  await signOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Good (morning|afternoon|evening), Tess/);

  await page.goto(`${site}/settings/user-settings`);
  await expect(page.getByTestId('passkey')).toContainText('last used');
  await page.getByRole('button', { name: 'Remove Tess’s phone' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
});
