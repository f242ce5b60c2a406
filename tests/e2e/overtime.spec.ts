// Overtime on phones against the real server and the demo company: Ella reports three hours
// of time off in lieu, Marcus sees his Overtime badge rise without a reload and approves from
// his phone, and the three hours show in Ella's time-off-in-lieu history on her balances page;
// a report made with no network waits in the outbox and lands exactly once.
import type { Page } from '@playwright/test';
import { QUEUED_TOAST_MESSAGE } from '../../src/client/offline/outbox-copy';
import { addDays, londonDate } from '../../src/shared/dates';
import { ACCOUNTS, apiSignIn } from './support/accounts';
import { expect, openAs, PHONE, test, waitForActivatedServiceWorker } from './support/fixtures';

const SCREENSHOTS = 'test-results/overtime';
const yesterday = addDays(londonDate(new Date()), -1);
const british = (iso: string) => iso.split('-').reverse().join('/');

/** What the Overtime menu entry of Marcus counts: the reports waiting for him (GET /api/pending-count). */
async function overtimeBadge(page: Page): Promise<number> {
  const { auth_token } = await apiSignIn(page.request, ACCOUNTS.manager);
  const response = await page.request.get('/api/pending-count', { headers: { authorization: `Bearer ${auth_token}` } });
  return ((await response.json()) as { user_overtime: number }).user_overtime;
}

async function fillReport(page: Page, reason: string, worked = yesterday): Promise<void> {
  const date = page.getByRole('textbox', { name: 'Date worked' });
  await date.fill(british(worked));
  await date.press('Tab');
  await page.getByLabel('Start', { exact: true }).fill('18:00');
  await page.getByLabel('End', { exact: true }).fill('21:00');
  await expect(page.getByText('That is 3 hours.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await page.getByRole('radio', { name: 'Time off in lieu' }).check();
}

/** Ella's reports with this reason, as the owner's API sees them. */
async function reportsWith(page: Page, reason: string): Promise<{ id: string; status: string }[]> {
  const { auth_token } = await apiSignIn(page.request, ACCOUNTS.owner);
  const response = await page.request.get(`/api/user-overtime?from=${yesterday}&to=${yesterday}&limit=100`, {
    headers: { authorization: `Bearer ${auth_token}` },
  });
  expect(response.status()).toBe(200);
  const { results } = (await response.json()) as { results: { id: string; status: string; reason: string }[] };
  return results.filter((report) => report.reason === reason);
}

test('Ella reports overtime on her phone, Marcus’s badge rises in realtime and he approves from his phone; the TOIL reaches her balances', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  // Each attempt (a retry, a repeat) reports a day of its own and a reason of its own: an earlier
  // attempt's approved hours may already be in her history, and its report in Marcus's list.
  const worked = addDays(londonDate(new Date()), -1 - testInfo.retry - 4 * testInfo.repeatEachIndex);
  const reason = `Evening stock count after the delivery ${crypto.randomUUID().slice(0, 6)}`;
  const marcus = await openAs(browser, ACCOUNTS.manager, PHONE);
  const before = await overtimeBadge(marcus);
  await marcus.goto('/overtime?status=reported');
  await expect(marcus.getByRole('heading', { level: 1, name: 'Overtime' })).toBeVisible();

  const ella = await openAs(browser, ACCOUNTS.employee, PHONE, '/overtime/report');
  await expect(ella.getByRole('heading', { level: 1, name: 'Report overtime' })).toBeVisible();
  await fillReport(ella, reason, worked);
  await ella.screenshot({ path: `${SCREENSHOTS}/report-phone.png`, fullPage: true });
  expect(await ella.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await ella.getByRole('button', { name: 'Send report' }).click();
  await expect(ella).toHaveURL(/\/overtime\/[0-9a-f-]{36}$/);
  await expect(ella.getByText('Waiting for approval', { exact: true })).toBeVisible();
  const id = ella.url().split('/').pop() ?? '';

  // Marcus's list, open all along, shows it without a reload; his count rose.
  const row = marcus.getByRole('listitem').filter({ hasText: reason });
  await expect(row).toBeVisible({ timeout: 10_000 });
  expect(await overtimeBadge(marcus)).toBe(before + 1);
  await marcus.screenshot({ path: `${SCREENSHOTS}/approvals-phone.png`, fullPage: true });
  await row.getByRole('link', { name: 'Ella Evans' }).click();
  await expect(marcus).toHaveURL(new RegExp(`/overtime/${id}$`));
  await marcus.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(marcus.getByText('Approved', { exact: true }).first()).toBeVisible();
  await expect.poll(() => overtimeBadge(marcus), { timeout: 10_000 }).toBe(before);

  // Ella's report says so, and her time off in lieu has the three hours with their reason.
  await expect(ella.getByText('Approved', { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  await ella.goto('/leave-and-absences/balances');
  await ella.getByRole('button', { name: 'History of Time off in lieu' }).click();
  await expect(ella.getByText(`Time off in lieu: 3 hours of overtime on ${british(worked)} approved by Marcus Mills`)).toBeVisible();
  await ella.screenshot({ path: `${SCREENSHOTS}/toil-history-phone.png`, fullPage: true });
  await ella.context().close();
  await marcus.context().close();
});

// Offline: this test works with the service worker; the file's others do without it, each
// context sparing its install and precaching (playwright.config.ts).
test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a report made with no network waits in the outbox and lands exactly once', async ({ browser }) => {
    test.setTimeout(120_000);
    const reason = `Offline cover ${Date.now()}`;
    const ella = await openAs(browser, ACCOUNTS.employee, PHONE);
    await waitForActivatedServiceWorker(ella);
    // Seen once online, the list and the form open with no signal.
    await ella.goto('/overtime');
    await expect(ella.getByRole('heading', { level: 1, name: 'Overtime' })).toBeVisible();
    // The persisted cache writes within a second of data arriving: let it keep the list before leaving the page.
    await ella.waitForTimeout(1_500);
    await ella.goto('/overtime/report');
    await expect(ella.getByRole('radio', { name: 'Time off in lieu' })).toBeVisible();
    // The persisted cache writes at most once a second: let it keep the allowance.
    await ella.waitForTimeout(2_500);

    await ella.context().setOffline(true);
    await ella.reload();
    await expect(ella.getByRole('heading', { level: 1, name: 'Report overtime' })).toBeVisible();
    await fillReport(ella, reason);
    await ella.getByRole('button', { name: 'Send report' }).click();
    await expect(ella.getByText(QUEUED_TOAST_MESSAGE)).toBeVisible();
    await expect(ella).toHaveURL(/\/overtime$/);
    await expect(ella.getByText('Waiting to sync').first()).toBeVisible();
    expect(await reportsWith(ella, reason)).toEqual([]);

    await ella.context().setOffline(false);
    await expect.poll(async () => (await reportsWith(ella, reason)).length, { timeout: 30_000 }).toBe(1);
    await expect(ella.getByText('Waiting to sync')).toHaveCount(0, { timeout: 30_000 });
    await ella.waitForTimeout(2_000);
    expect(await reportsWith(ella, reason)).toHaveLength(1);
    await ella.context().close();
  });
});
