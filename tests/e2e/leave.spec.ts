// Leave and absences against the real server and the demo company: Ella asks for
// leave on her phone, Marcus sees his badge rise without a reload and approves, and Ella's
// balance moves without a reload; the same request made with no network waits in the outbox
// and lands once; sickness of 3 days asks Ella for a self-certification, which she completes,
// and sickness of 9 days asks for a fit note; a fortnight of Lily's sickness (Monday to
// Wednesday, in October 2026 whatever today is) shows its Statutory Sick Pay on a phone and the
// pay period's export carries it.
//
// Dates are relative to today (London) so the test keeps working on later days: the leave is
// booked on the Monday to Wednesday two weeks ahead (Ella works Mondays to Wednesdays in the
// demo, and Thursdays too once people.spec gives her a new pattern), the sickness in the past.
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { QUEUED_TOAST_MESSAGE } from '../../src/client/offline/outbox-copy';
import { addDays, londonDate, startOfWeek } from '../../src/shared/dates';
import { ACCOUNTS, apiSignIn } from './support/accounts';
import { expect, openAs, PHONE, test, waitForActivatedServiceWorker } from './support/fixtures';

const SCREENSHOTS = 'test-results/leave';
const today = londonDate(new Date());
const monday = addDays(startOfWeek(today), 14);
const british = (iso: string) => iso.split('-').reverse().join('/');

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page
    .getByRole('textbox', { name: label })
    .or(page.getByRole('combobox', { name: label }))
    .first()
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function fillDate(page: Page, label: string, iso: string): Promise<void> {
  const input = page.getByRole('textbox', { name: label });
  await input.fill(british(iso));
  await input.press('Tab');
}

/** The figure under `label` on a balance card ("3 days"). */
function figure(card: Locator, label: string): Locator {
  return card.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd');
}

/** The number on the Leave & Absences menu entry (0 when it has none). */
async function leaveBadge(page: Page): Promise<number> {
  const text =
    (await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: /^Leave & Absences/ })
      .textContent()) ?? '';
  const count = /(\d+)\+?$/.exec(text.trim());
  return count ? Number(count[1]) : 0;
}

/** Ella's absences starting on `date`, as the owner's API sees them. */
async function absencesOn(page: Page, date: string): Promise<{ id: string; status: string }[]> {
  const { auth_token } = await apiSignIn(page.request, ACCOUNTS.owner);
  const response = await page.request.get(`/api/user-absence?from=${date}&to=${date}&search=Ella&limit=50`, {
    headers: { authorization: `Bearer ${auth_token}` },
  });
  expect(response.status()).toBe(200);
  const { results } = (await response.json()) as { results: { id: string; status: string; start_date: string }[] };
  return results.filter((absence) => absence.start_date === date);
}

test('a leave request from a phone rises on the manager’s badge in realtime, is approved, and the balance follows', async ({ browser }) => {
  test.setTimeout(120_000);
  const ella = await openAs(browser, ACCOUNTS.employee, PHONE);
  const balances = await ella.context().newPage();
  await balances.goto('/leave-and-absences/balances');
  const annual = balances.getByRole('region', { name: 'Annual leave' });
  await expect(figure(annual, 'Booked')).toBeVisible();
  const bookedBefore = parseFloat((await figure(annual, 'Booked').textContent()) ?? '0');

  const marcus = await openAs(browser, ACCOUNTS.manager);
  await expect(marcus.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: /^Leave & Absences/ })).toBeVisible();
  // The demo leaves two requests for Marcus: wait for the counts to arrive before reading the badge.
  await expect.poll(() => leaveBadge(marcus)).toBeGreaterThan(0);
  const badgeBefore = await leaveBadge(marcus);

  // Ella asks for Monday and Tuesday; the form shows what it costs before she sends it.
  await ella.goto('/leave-and-absences/request');
  await expect(ella.getByRole('heading', { level: 1, name: 'Request leave' })).toBeVisible();
  await choose(ella, 'Leave type', 'Annual leave');
  await fillDate(ella, 'Start date', monday);
  await fillDate(ella, 'End date', addDays(monday, 1));
  await expect(ella.getByText('This request uses 2 days')).toBeVisible();
  await expect(ella.getByText(/After this request/)).toBeVisible();
  await ella.screenshot({ path: `${SCREENSHOTS}/request-phone.png`, fullPage: true });
  expect(await ella.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await ella.getByRole('button', { name: 'Send request' }).click();
  await expect(ella).toHaveURL(/\/absence\/[0-9a-f-]{36}$/);
  const absenceId = ella.url().split('/').pop() ?? '';
  await expect(ella.getByText('Pending', { exact: true }).first()).toBeVisible();

  // Marcus's badge rises without a reload, and he approves from the list.
  // (Specs running beside this one may add to it too: it is read as rising, then falling by this one.)
  await expect.poll(() => leaveBadge(marcus), { timeout: 10_000 }).toBeGreaterThan(badgeBefore);
  await marcus.goto(`/absence/${absenceId}`);
  await expect.poll(() => leaveBadge(marcus)).toBeGreaterThan(badgeBefore);
  const beforeApproving = await leaveBadge(marcus);
  await marcus.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(marcus.getByText('Approved', { exact: true }).first()).toBeVisible();
  await expect.poll(() => leaveBadge(marcus), { timeout: 10_000 }).toBe(beforeApproving - 1);

  // Ella's balances page, open all along, now counts the two days as booked.
  await expect(figure(annual, 'Booked')).toHaveText(`${bookedBefore + 2} days`, { timeout: 10_000 });
  await balances.screenshot({ path: `${SCREENSHOTS}/balances-phone.png`, fullPage: true });
  await ella.context().close();
  await marcus.context().close();
});

// Offline: this test works with the service worker; the file's others do without it, each
// context sparing its install and precaching (playwright.config.ts).
test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a leave request made with no network waits in the outbox and lands exactly once', async ({ browser }) => {
    test.setTimeout(120_000);
    const wednesday = addDays(monday, 2);
    const ella = await openAs(browser, ACCOUNTS.employee, PHONE);
    await waitForActivatedServiceWorker(ella);
    // Open the list and the form once online, so both are in the persisted cache.
    await ella.goto('/leave-and-absences/list');
    await expect(ella.getByRole('heading', { level: 1 })).toBeVisible();
    // The persisted cache writes within a second of data arriving: let it keep the list before leaving the page.
    await ella.waitForTimeout(1_500);
    await ella.goto('/leave-and-absences/request');
    await choose(ella, 'Leave type', 'Annual leave');
    // Let the persisted cache keep the form's data (persisted-cache.ts).
    await ella.waitForTimeout(2_500);

    await ella.context().setOffline(true);
    await ella.reload();
    await expect(ella.getByRole('heading', { level: 1, name: 'Request leave' })).toBeVisible();
    await choose(ella, 'Leave type', 'Annual leave');
    await fillDate(ella, 'Start date', wednesday);
    await fillDate(ella, 'End date', wednesday);
    await expect(ella.getByText(/^Offline: the deduction will be checked/)).toBeVisible();
    await ella.getByRole('button', { name: 'Send request' }).click();
    await expect(ella.getByText(QUEUED_TOAST_MESSAGE)).toBeVisible();
    await expect(ella).toHaveURL(/\/leave-and-absences\/list/);
    await expect(ella.getByText('Waiting to sync').first()).toBeVisible();
    expect(await absencesOn(ella, wednesday)).toEqual([]);

    await ella.context().setOffline(false);
    await expect.poll(async () => (await absencesOn(ella, wednesday)).length, { timeout: 30_000 }).toBe(1);
    await expect(ella.getByText('Waiting to sync')).toHaveCount(0, { timeout: 30_000 });
    // Nothing more arrives later: the outbox sent it once.
    await ella.waitForTimeout(2_000);
    expect(await absencesOn(ella, wednesday)).toHaveLength(1);
    await ella.context().close();
  });
});

async function reportSickness(page: Page, first: string, last: string): Promise<void> {
  await page.goto('/leave-and-absences/request');
  await choose(page, 'Leave type', 'Sickness');
  await fillDate(page, 'First day off sick', first);
  await fillDate(page, 'Expected last day', last);
  await choose(page, 'Reason', 'Cold or flu');
  await page.getByRole('button', { name: 'Report sickness' }).click();
  await expect(page).toHaveURL(/\/absence\/[0-9a-f-]{36}$/);
  await page.getByRole('link', { name: 'Open return to work' }).click();
  await expect(page).toHaveURL(/\/return-to-work\/[0-9a-f-]{36}\/self-certification$/);
}

test('three days off sick ask for a self-certification, which Noah completes; nine days ask for a fit note', async ({ browser }) => {
  test.setTimeout(120_000);
  // Noah, not Ella: needs-your-action.spec, running beside this one, does whatever Ella's list asks,
  // her return-to-work forms included.
  const noah = await openAs(browser, 'noah.williams@demo.test');

  await reportSickness(noah, addDays(today, -12), addDays(today, -10));
  const form = noah.getByRole('form', { name: 'Self-certification' });
  await expect(form).toBeVisible();
  await form.getByRole('textbox', { name: 'What was wrong?' }).fill('A heavy cold with a temperature.');
  await form.getByRole('radiogroup', { name: 'Did you see a doctor?' }).getByRole('radio', { name: 'No' }).check();
  await form
    .getByRole('radiogroup', { name: 'Was it caused by an accident or injury at work?' })
    .getByRole('radio', { name: 'No' })
    .check();
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByText('Please confirm the declaration.')).toBeVisible();
  await form.getByRole('checkbox', { name: 'I declare that the information I have given is true and complete' }).check();
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(noah.getByText('Return to work form sent.')).toBeVisible();
  await expect(noah.getByText('Waiting for review').first()).toBeVisible();

  await reportSickness(noah, addDays(today, -32), addDays(today, -24));
  await expect(noah.getByRole('heading', { level: 1, name: 'Return to work: fit note' })).toBeVisible();
  await expect(noah.getByRole('form', { name: 'Upload fit note' })).toBeVisible();
  await expect(noah.getByRole('form', { name: 'Self-certification' })).toHaveCount(0);
  await noah.context().close();
});

test('a fortnight off sick for a part-time worker shows its Statutory Sick Pay on a phone, and the payroll export carries it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // Lily Wood works Mondays to Wednesdays in the demo, with her average weekly earnings entered.
  // Fixed dates in a tax year whose SSP rate is recorded (2026/27), so the test does not change
  // with the calendar: Monday 5 to Sunday 18 October 2026, six qualifying days in October's pay period.
  const first = '2026-10-05';
  const last = '2026-10-18';
  const period = '2026-10-01';

  const owner = await openAs(browser, ACCOUNTS.owner, PHONE);
  const { auth_token } = await apiSignIn(owner.request, ACCOUNTS.owner);
  const headers = { authorization: `Bearer ${auth_token}` };
  const people = (await (await owner.request.get('/api/user-basic?search=Lily%20Wood', { headers })).json()) as {
    results: { id: string }[];
  };
  const lily = people.results[0]!.id;
  const types = (await (await owner.request.get('/api/leave-type', { headers })).json()) as {
    results: { id: string; key: string | null }[];
  };
  const sickness = types.results.find((type) => type.key === 'sickness')!.id;
  // A retry finds the absence its first attempt reported.
  const existing = (await (await owner.request.get(`/api/user-absence?user_id=${lily}&from=${first}&to=${first}`, { headers })).json()) as {
    results: { id: string }[];
  };
  let id = existing.results[0]?.id;
  if (!id) {
    const reported = await owner.request.post('/api/user-absence', {
      headers,
      data: { user_id: lily, leave_type_id: sickness, start_date: first, end_date: last, sickness_category: 'cold_flu' },
    });
    expect(reported.ok(), await reported.text()).toBe(true);
    id = ((await reported.json()) as { id: string }).id;
  }

  await owner.goto(`/absence/${id}`);
  const panel = owner.getByRole('region', { name: 'Statutory Sick Pay' });
  await expect(figure(panel, 'SSP days')).toHaveText('6 days');
  const amount = (await figure(panel, 'SSP amount').textContent()) ?? '';
  expect(amount).toMatch(/^£\d+\.\d\d$/);
  expect(amount).not.toBe('£0.00');
  await owner.screenshot({ path: `${SCREENSHOTS}/sick-pay-phone.png`, fullPage: true });
  expect(await owner.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await owner.goto(`/payroll/${period}`);
  const sspRows = owner.getByRole('table', { name: 'Payroll data' }).getByRole('row').filter({ hasText: 'SSP Statutory Sick Pay' });
  await expect(sspRows.filter({ hasText: `6 days · ${amount}` }).first()).toBeVisible();
  const download = owner.waitForEvent('download');
  await owner.getByRole('button', { name: 'Payroll import CSV (one row per element)' }).click();
  const file = await (await download).path();
  const csv = readFileSync(file, 'utf8');
  expect(csv).toContain(`,Wood,Lily,SSP,Statutory Sick Pay,,,6,${amount.slice(1).replace(',', '')},`);
  await owner.context().close();
});
