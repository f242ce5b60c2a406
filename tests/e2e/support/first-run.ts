// A new company's owner after the e-mailed link: /welcome sets the password and accepts the
// terms, then the dashboard's first-run checklist links each step to its screen.
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

export async function setPasswordOnWelcome(page: Page, firstName: string, password: string): Promise<void> {
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${firstName}`);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm the new password' }).fill(password);
  await page.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
  await page.getByRole('button', { name: 'Set your password' }).click();
  await expect(page).toHaveURL(/\/$/);
}

const CHECKLIST_LINKS = [
  ['Add your locations', '/settings/locations'],
  ['Add your departments', '/settings/departments'],
  ['Check your leave policy', '/settings/absence-and-leave-settings'],
  ['Import your people', '/settings/import-people'],
  ['add an employee', '/employees'],
] as const;

/** The checklist says how many steps are done, and each step still to do links to its screen. */
export async function expectChecklist(checklist: Locator, done: number, { locationsDone = false } = {}): Promise<void> {
  await expect(checklist).toBeVisible();
  await expect(checklist).toContainText(`${done} of 4 done`);
  for (const [label, href] of CHECKLIST_LINKS) {
    if (locationsDone && label === 'Add your locations') continue;
    await expect(checklist.getByRole('link', { name: label })).toHaveAttribute('href', href);
  }
}
