// People against the real server and the demo company: the owner adds an employee
// with an invitation and the new person finishes /welcome from the e-mailed link; a manager
// changes a report's working pattern; an employee edits their own contact details but cannot
// open a colleague's personal details; the directory and a profile at phone width.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { ACCOUNTS, apiSignIn, DEMO_PASSWORD } from './support/accounts';
import { expect, signIn, test } from './support/fixtures';
import { mailCount, waitForMail } from './support/mail-sink';

const SCREENSHOTS = 'test-results/people';
const LINK = /\/confirm-email\?token=([\w-]+)/;

async function signInAs(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await signIn(page, email, DEMO_PASSWORD);
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).or(page.getByRole('button', { name: 'Menu', exact: true })),
  ).toBeVisible();
}

/** The id of a demo person, found through the directory's API as the owner. */
async function idOf(page: Page, search: string): Promise<string> {
  const { auth_token } = await apiSignIn(page.request, ACCOUNTS.owner);
  const response = await page.request.get(`/api/user-basic?search=${encodeURIComponent(search)}`, {
    headers: { authorization: `Bearer ${auth_token}` },
  });
  expect(response.status()).toBe(200);
  const { results } = (await response.json()) as { results: { id: string }[] };
  expect(results).toHaveLength(1);
  return results[0]!.id;
}

test('the owner adds an employee with an invitation, who sets a password from the e-mail and signs in', async ({ page, browser }) => {
  const email = `nina.shaw.${Date.now()}@demo.test`;
  await signInAs(page, ACCOUNTS.owner);
  await page.goto('/employees');
  await expect(page.getByRole('heading', { level: 1, name: 'Employees' })).toBeVisible();
  await page.getByRole('button', { name: 'Add employee' }).click();
  const form = page.getByRole('form', { name: 'Add employee' });
  await form.getByRole('textbox', { name: 'First name' }).fill('Nina');
  await form.getByRole('textbox', { name: 'Surname' }).fill('Shaw');
  await form.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await form.getByRole('textbox', { name: 'Job title' }).fill('Barista');
  await form.getByRole('checkbox', { name: 'Send an invitation e-mail now' }).check();
  const before = await mailCount(email);
  await form.getByRole('button', { name: 'Add employee' }).click();

  // The new profile opens, and the person is in the directory.
  await expect(page).toHaveURL(/\/employee\/[0-9a-f-]{36}/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nina Shaw');

  const { match: token } = await waitForMail({ to: email, pattern: LINK, after: before });
  const invited = await browser.newContext();
  const newcomer = await invited.newPage();
  await newcomer.goto(`/confirm-email?token=${token}`);
  await expect(newcomer).toHaveURL(/\/welcome$/);
  await expect(newcomer.getByRole('heading', { level: 1 })).toHaveText('Welcome, Nina');
  await newcomer.getByRole('textbox', { name: 'New password', exact: true }).fill('nina-password');
  await newcomer.getByRole('textbox', { name: 'Confirm the new password' }).fill('nina-password');
  await newcomer.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
  await newcomer.getByRole('button', { name: 'Set your password' }).click();
  await expect(newcomer.getByRole('heading', { level: 1 })).toHaveText(/^Good (morning|afternoon|evening), Nina/);
  await invited.close();

  // She signs in with the password she chose.
  const signedIn = await page.request.post('/api/login', { data: { email, password: 'nina-password' } });
  expect(signedIn.status()).toBe(200);
  await page.goto('/employees?search=Nina%20Shaw');
  await expect(page.getByRole('link', { name: 'Nina Shaw' }).first()).toBeVisible();
});

test("a manager changes a report's working pattern", async ({ page }) => {
  const ellaId = await idOf(page, 'employee@demo.test');
  await signInAs(page, ACCOUNTS.manager);
  await page.goto(`/employee/${ellaId}?tab=working-pattern`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ella Evans');
  await page.getByRole('button', { name: 'New pattern' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add working pattern' });
  await dialog.getByLabel('Starts on').fill('2026-12-01');
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday']) await dialog.getByRole('textbox', { name: day }).fill('6');
  await dialog.getByRole('textbox', { name: 'Friday' }).fill('0');
  await expect(dialog.getByText('Total: 24 hours a week')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Working pattern added.')).toBeVisible();
  await expect(page.getByRole('cell', { name: '01/12/2026', exact: true })).toBeVisible();
});

test("an employee edits their own contact details but cannot see a colleague's personal details", async ({ page, expectedConsole }) => {
  const colleagueId = await idOf(page, 'Amelia Hughes');
  await signInAs(page, ACCOUNTS.employee);
  await page.goto('/profile?tab=contact');
  await page.getByRole('button', { name: 'Edit contact details' }).click();
  const form = page.getByRole('form', { name: 'Contact details' });
  await form.getByRole('textbox', { name: 'Postcode' }).fill('not a postcode');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('This is not a valid postcode.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Postcode' }).fill('m19 2sy');
  await form.getByRole('textbox', { name: 'Mobile phone' }).fill('07700 900123');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Contact details saved.')).toBeVisible();
  await expect(page.getByText('M19 2SY')).toBeVisible();
  await expect(page.getByText('07700 900123')).toBeVisible();

  // A colleague's profile and personal details are refused by the server, and the page says so.
  expectedConsole.push(/status of 403/);
  await page.goto(`/employee/${colleagueId}?tab=personal`);
  await expect(page.getByRole('alert', { name: 'Profile unavailable' })).toContainText('You are not allowed to view this employee.');
  const token = await page.evaluate(() => localStorage.getItem('auth-token') ?? '');
  const personal = await page.request.get(`/api/user-personal-details/${colleagueId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(personal.status()).toBe(403);
});

test('the directory and a profile at phone width', async ({ page }) => {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, ACCOUNTS.owner);
  await page.goto('/employees');
  await expect(page.getByText('Amelia Hughes').first()).toBeVisible();
  // No sideways scrolling on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SCREENSHOTS}/directory-390.png`, fullPage: true });
  // The filters fold away on a phone; opened, they narrow the list.
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('combobox', { name: 'Department' }).click();
  await page.getByRole('option', { name: 'Kitchen' }).click();
  await expect(page.getByText('Amelia Hughes')).toHaveCount(0);
  await expect(page.getByText('George Brown').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Hide filters' }).click();
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  await page.getByText('George Brown').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('George Brown');
  await expect(page.getByRole('tab', { name: 'Personal' })).toBeVisible();
  // The owner sees the special-category section of the personal details.
  await expect(page.getByText('Date of birth')).toBeVisible();
  await expect(page.getByText('National insurance number')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SCREENSHOTS}/profile-390.png`, fullPage: true });
});
