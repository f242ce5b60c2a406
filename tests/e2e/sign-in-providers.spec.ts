// Microsoft sign-in on a phone, against a real OpenID provider started here (oidc-provider,
// tests/e2e/support/local-oidc-provider.ts): the demo company's owner switches it on in
// Settings › Sign-in security for a domain of its own, and an employee at that domain signs
// in from the login page with "Sign in with Microsoft", through the provider's own sign-in page.
import { randomBytes } from 'node:crypto';
import { ACCOUNTS, apiSignIn, DEMO_PASSWORD, tokenClaims } from './support/accounts';
import { expectAccessible } from './support/axe';
import { expect, PHONE, signIn, test } from './support/fixtures';
import { startLocalProvider, type LocalProvider } from './support/local-oidc-provider';
import { addEmployee } from './support/server-database';

test.use({ viewport: PHONE });

let provider: LocalProvider;
test.beforeAll(async () => {
  provider = await startLocalProvider({ redirectUris: [`http://127.0.0.1:${process.env.E2E_PORT}/login`] });
});
test.afterAll(async () => provider.close());

/** A new employee of the demo company at `domain`, so no other test's accounts change. */
async function newPerson(request: Parameters<typeof apiSignIn>[0], domain: string): Promise<string> {
  const owner = await apiSignIn(request, ACCOUNTS.owner);
  const email = `sol.${randomBytes(3).toString('hex')}@${domain}`;
  await addEmployee(tokenClaims(owner.auth_token).company_id, { email, firstName: 'Sol', surname: 'Single' });
  return email;
}

test('a company switches on Microsoft sign-in and an employee signs in with it', async ({ page, request, expectedConsole }) => {
  // The provider's development sign-in page asks for a web font and an icon it does not have
  // here; and the owner's dashboard reads still in flight when they sign out are refused.
  expectedConsole.push(/fonts\.googleapis\.com|Failed to load resource: net::ERR_|favicon\.ico/, /status of 401/);
  const domain = `sso-${randomBytes(3).toString('hex')}.test`;
  const email = await newPerson(request, domain);

  await page.goto('/login');
  await signIn(page, ACCOUNTS.owner, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/settings/sign-in-security');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-in security' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Sign in with' }).click();
  await page.getByRole('option', { name: 'Microsoft' }).click();
  await page.getByRole('textbox', { name: 'Issuer URL' }).fill(provider.issuer);
  await page.getByRole('textbox', { name: 'Client ID' }).fill(provider.clientId);
  await page.getByLabel('Client secret').fill(provider.clientSecret);
  await page.getByRole('textbox', { name: 'Your e-mail domains' }).fill(domain);
  await page.getByRole('button', { name: 'Save sign-in' }).click();
  await expect(page.getByText('Sign in with Microsoft is on.')).toBeVisible();
  await expect(page.getByText('Stored. Leave empty to keep it.')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('E-mail').fill(email);
  // The login page with its provider button shown passes axe too.
  await expect(page.getByRole('button', { name: 'Sign in with Microsoft' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();

  // The provider's own page: it signs Sol in as the address typed.
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Good (morning|afternoon|evening), Sol/);
});
