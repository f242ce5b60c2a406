// Accessibility: axe (WCAG 2.0, 2.1 and 2.2 A and AA rules) on the main screens, signed in as
// each role, at a desktop width and on a 390 px phone; any violation fails the test and is
// listed with the elements it found. One sign-in per role; the phone check is the same page
// resized, so each screen loads once.
import type { Page } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD } from './support/accounts';
import { axeViolations as violations } from './support/axe';
import { expect, PHONE, signIn, test } from './support/fixtures';

const DESKTOP = { width: 1280, height: 800 };

const ROLES: { role: string; email: string; screens: string[] }[] = [
  { role: 'owner', email: ACCOUNTS.owner, screens: ['/', '/leave-and-absences/list', '/leave-and-absences/timeline', '/employees'] },
  { role: 'manager', email: ACCOUNTS.manager, screens: ['/leave-and-absences/return-to-work'] },
  { role: 'employee', email: ACCOUNTS.employee, screens: ['/', '/leave-and-absences/request', '/profile', '/notifications'] },
  { role: 'docs-only', email: ACCOUNTS.docs, screens: ['/', '/hr-documents', '/settings/user-settings'] },
  { role: 'administrator', email: ACCOUNTS.admin, screens: ['/admin'] },
];

async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // Transitions (drawer, toasts) finished, so colours are measured as they rest.
  await page.waitForTimeout(300);
}

for (const { role, email, screens } of ROLES) {
  test(`the main screens have no WCAG 2.2 AA violations for the ${role}, on desktop and phone`, async ({ page }) => {
    // Up to four screens, each checked twice by axe (a full timeline is thousands of nodes), while
    // the device fetches ahead for offline use after sign-in: three minutes, not one and a half.
    test.setTimeout(180_000);
    await page.setViewportSize(DESKTOP);
    await page.goto('/login');
    await signIn(page, email, DEMO_PASSWORD);
    await expect(page).not.toHaveURL(/\/login/);
    const found: string[] = [];
    for (const screen of screens) {
      await page.setViewportSize(DESKTOP);
      await page.goto(screen);
      await settled(page);
      for (const problem of await violations(page)) found.push(`${screen} desktop: ${problem}`);
      await page.setViewportSize(PHONE);
      await settled(page);
      for (const problem of await violations(page)) found.push(`${screen} phone: ${problem}`);
    }
    expect(found).toEqual([]);
  });
}
