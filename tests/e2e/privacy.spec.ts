// A subject access export on a phone: Emily (HR admin) opens Ella's profile, asks for her
// export from the actions menu, watches the job's progress on the exports page and downloads
// the zip; its JSON holds Ella's leave and expenses, and its summary is readable.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, apiSignIn } from './support/accounts';
import { expect, PHONE, signIn, test } from './support/fixtures';

async function idOf(page: Page, search: string): Promise<string> {
  const { auth_token } = await apiSignIn(page.request, ACCOUNTS.hrAdmin);
  const response = await page.request.get(`/api/user-basic?search=${encodeURIComponent(search)}`, {
    headers: { authorization: `Bearer ${auth_token}` },
  });
  expect(response.status()).toBe(200);
  const { results } = (await response.json()) as { results: { id: string }[] };
  expect(results).toHaveLength(1);
  return results[0]!.id;
}

/** The zip's entries, read with the machine's unzip (which also checks every entry's CRC). */
function unzip(file: string): { names: string[]; read: (name: string) => string } {
  execFileSync('unzip', ['-tq', file]);
  const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).split('\n').filter(Boolean);
  return { names, read: (name) => execFileSync('unzip', ['-p', file, name], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }) };
}

test.use({ viewport: PHONE, locale: 'en-GB', timezoneId: 'Europe/London' });

test('an HR admin exports an employee’s personal data on a phone and downloads the zip', async ({ page }) => {
  test.setTimeout(120_000);
  const ellaId = await idOf(page, 'Ella');
  await page.goto('/login');
  await signIn(page, ACCOUNTS.hrAdmin, DEMO_PASSWORD);
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeVisible();

  await page.goto(`/employee/${ellaId}`);
  await page.getByRole('button', { name: 'Actions for Ella Evans' }).click();
  await page.getByRole('menuitem', { name: 'Export personal data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export personal data' });
  await expect(dialog).toContainText('everything Stafflane holds about Ella Evans');
  await page.screenshot({ path: '/tmp/priv/e2e-confirm.png' });
  await dialog.getByRole('button', { name: 'Start export' }).click();

  await expect(page).toHaveURL(/\/settings\/personal-data-exports$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Personal data exports' })).toBeVisible();
  const card = page.getByRole('article', { name: 'Export for Ella Evans' }).first();
  await expect(card).toBeVisible();
  // Waiting or building first (the job picks it up within seconds), then ready.
  await expect(card.getByText(/^(Waiting|Building|Ready)$/)).toBeVisible();
  await page.screenshot({ path: '/tmp/priv/e2e-progress.png' });
  const download = card.getByRole('button', { name: 'Download zip' });
  await expect(download).toBeVisible({ timeout: 90_000 });
  await page.screenshot({ path: '/tmp/priv/e2e-ready.png' });

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const saved = path.join(mkdtempSync(path.join(tmpdir(), 'sar-')), 'export.zip');
  await file.saveAs(saved);
  expect(readFileSync(saved).subarray(0, 2).toString('latin1')).toBe('PK');
  const zip = unzip(saved);
  expect(zip.names).toEqual(expect.arrayContaining(['summary.html', 'data.json']));
  const data = JSON.parse(zip.read('data.json')) as { person: { name: string }; sections: { table: string; rows: unknown[] }[] };
  expect(data.person.name).toBe('Ella Evans');
  const rowsOf = (table: string) => data.sections.find((section) => section.table === table)?.rows.length ?? 0;
  expect(rowsOf('user_absences')).toBeGreaterThan(0);
  expect(rowsOf('expense_claims')).toBeGreaterThan(0);
  expect(zip.read('summary.html')).toContain('Personal data held about Ella Evans');
  await expect(card).toContainText('downloaded');

  // The summary opens as a page of its own.
  const summary = await page.context().newPage();
  await summary.setContent(zip.read('summary.html'));
  await expect(summary.getByRole('heading', { level: 1, name: 'Personal data held about Ella Evans' })).toBeVisible();
  await summary.screenshot({ path: '/tmp/priv/e2e-summary.png' });
});
