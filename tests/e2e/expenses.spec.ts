// Expenses against the real server and the demo company: Ella photographs a receipt on her
// phone (a file chooser here), claims a hotel night and a train fare, Marcus's badge rises
// without a reload, and he approves the hotel in full and reduces the fare; one claim holds a
// car park's receipt and the drive there; the same kind of claim made with no network waits
// in the outbox with its receipt and lands exactly once.
import type { Page } from '@playwright/test';
import { deflateSync, crc32 } from 'node:zlib';
import { QUEUED_TOAST_MESSAGE } from '../../src/client/offline/outbox-copy';
import type { ExpenseClaim, ExpenseClaimDetail } from '../../src/modules/expenses/expenses.contract';
import { ACCOUNTS, apiSignIn } from './support/accounts';
import { expect, openAs, PHONE, test, waitForActivatedServiceWorker } from './support/fixtures';

const SCREENSHOTS = 'test-results/expenses';

/** A real PNG "photo" bigger than the 2,000 px the phone keeps: plain paper with a dark band. */
function photo(width = 2400, height = 1600): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = Array.from({ length: height }, (_, y) => Buffer.concat([Buffer.from([0]), Buffer.alloc(width, y % 40 < 8 ? 0x30 : 0xf0)]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A baseline or progressive JPEG's size, read from its start-of-frame marker. */
function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  for (let offset = 2; offset + 9 < bytes.length;) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xc0 || marker === 0xc2) return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return null;
}

async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string): Promise<void> {
  await scope
    .getByRole('textbox', { name: label })
    .or(scope.getByRole('combobox', { name: label }))
    .first()
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The number on the Expenses menu entry (0 when it has none). */
async function expensesBadge(page: Page): Promise<number> {
  const text =
    (await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: /^Expenses/ })
      .textContent()) ?? '';
  const count = /(\d+)\+?$/.exec(text.trim());
  return count ? Number(count[1]) : 0;
}

/** Claims described `description`, as the owner's API sees them. */
async function claimsNamed(page: Page, description: string): Promise<ExpenseClaimDetail[]> {
  const { auth_token } = await apiSignIn(page.request, ACCOUNTS.owner);
  const headers = { authorization: `Bearer ${auth_token}` };
  const response = await page.request.get(`/api/user-expense?view=all&search=${encodeURIComponent(description)}&limit=50`, { headers });
  expect(response.status()).toBe(200);
  const { results } = (await response.json()) as { results: ExpenseClaim[] };
  return Promise.all(
    results
      .filter((claim) => claim.description === description)
      .map(async (claim) => (await (await page.request.get(`/api/user-expense/${claim.id}`, { headers })).json()) as ExpenseClaimDetail),
  );
}

/** Fills the two items of the form: a hotel night with its receipt photographed, and a train fare. */
async function fillClaim(page: Page, description: string, receiptButton: 'Take photo' | 'Choose file'): Promise<void> {
  await page.getByRole('textbox', { name: 'What is this claim for?' }).fill(description);
  await page.getByRole('button', { name: 'Add an item' }).click();
  const first = page.getByRole('group', { name: 'Item 1' });
  await choose(page, first, 'Expense type', 'Accommodation');
  await first.getByRole('textbox', { name: 'Description' }).fill('Hotel, one night');
  await first.getByRole('textbox', { name: 'Supplier' }).fill('Premier Inn');
  await first.getByRole('textbox', { name: 'Gross amount (£)' }).fill('89.00');
  const chooser = page.waitForEvent('filechooser');
  await first.getByRole('button', { name: receiptButton }).click();
  await (await chooser).setFiles({ name: 'IMG_2041.png', mimeType: 'image/png', buffer: photo() });
  await expect(first.getByText('IMG_2041.jpg')).toBeVisible();
  await page.getByRole('button', { name: 'Add an item' }).click();
  const second = page.getByRole('group', { name: 'Item 2' });
  await choose(page, second, 'Expense type', 'Travel');
  await second.getByRole('textbox', { name: 'Description' }).fill('Train to Leeds');
  await second.getByRole('textbox', { name: 'Gross amount (£)' }).fill('24.50');
}

test('a claim with a photographed receipt from a phone rises on the manager’s badge in realtime; he approves one item and reduces another', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const description = `Leeds stock audit ${Date.now()}`;
  const ella = await openAs(browser, ACCOUNTS.employee, PHONE);
  const marcus = await openAs(browser, ACCOUNTS.manager);
  await expect(marcus.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: /^Expenses/ })).toBeVisible();
  // The demo leaves claims waiting for Marcus: wait for the counts to arrive before reading the badge.
  await expect.poll(() => expensesBadge(marcus)).toBeGreaterThan(0);
  const badgeBefore = await expensesBadge(marcus);

  await ella.goto('/expenses/new');
  await expect(ella.getByRole('heading', { level: 1, name: 'New claim' })).toBeVisible();
  await fillClaim(ella, description, 'Take photo');
  await ella.screenshot({ path: `${SCREENSHOTS}/claim-form-phone.png`, fullPage: true });
  expect(await ella.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await ella.getByRole('button', { name: 'Submit claim' }).click();
  await expect(ella).toHaveURL(/\/expense\/[0-9a-f-]{36}$/);
  await expect(ella.getByText('Submitted', { exact: true }).first()).toBeVisible();
  const [claim] = await claimsNamed(ella, description);
  // The photo was made small on the phone: a JPEG, not the 2,400 px PNG chosen.
  expect(claim?.items[0]?.receipts.map((receipt) => [receipt.name, receipt.mime_type])).toEqual([['IMG_2041.jpg', 'image/jpeg']]);
  const receipt = await ella.request.get(claim?.items[0]?.receipts[0]?.download_path ?? '', {
    headers: { authorization: `Bearer ${(await apiSignIn(ella.request, ACCOUNTS.employee)).auth_token}` },
  });
  expect(jpegSize(await receipt.body())).toEqual({ width: 2000, height: 1333 });

  await expect.poll(() => expensesBadge(marcus), { timeout: 10_000 }).toBe(badgeBefore + 1);
  await marcus.goto(`/expense/${claim?.id}`);
  await expect(marcus.getByRole('img', { name: 'Receipt IMG_2041.jpg' })).toBeVisible();
  const fare = marcus.getByRole('textbox', { name: 'Approved amount for Train to Leeds' });
  await fare.fill('12.00');
  await marcus.getByRole('button', { name: 'Approve £101.00' }).click();
  await expect(marcus.getByText('Partly approved', { exact: true }).first()).toBeVisible();
  await marcus.screenshot({ path: `${SCREENSHOTS}/claim-partly-approved.png`, fullPage: true });
  await expect.poll(() => expensesBadge(marcus), { timeout: 10_000 }).toBe(badgeBefore);
  const [decided] = await claimsNamed(ella, description);
  expect(decided?.items.map((item) => item.approved_amount)).toEqual([89, 12]);
  await ella.context().close();
  await marcus.context().close();
});

test('one claim on a phone holds a parking receipt and the drive there, and shows both and their total once submitted', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const description = `Bolton store opening ${Date.now()}`;
  const ella = await openAs(browser, ACCOUNTS.employee, PHONE, '/expenses/new');
  await expect(ella.getByRole('heading', { level: 1, name: 'New claim' })).toBeVisible();
  await ella.getByRole('textbox', { name: 'What is this claim for?' }).fill(description);
  await ella.getByRole('button', { name: 'Add an item' }).click();
  const parking = ella.getByRole('group', { name: 'Item 1' });
  await choose(ella, parking, 'Expense type', 'Travel');
  await parking.getByRole('textbox', { name: 'Description' }).fill('Parking at the store');
  await parking.getByRole('textbox', { name: 'Supplier' }).fill('NCP');
  await parking.getByRole('textbox', { name: 'Gross amount (£)' }).fill('6.80');
  const chooser = ella.waitForEvent('filechooser');
  await parking.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles({ name: 'parking.png', mimeType: 'image/png', buffer: photo(800, 600) });
  await expect(parking.getByText('parking.jpg')).toBeVisible();
  await ella.getByRole('button', { name: 'Add a journey' }).click();
  const drive = ella.getByRole('group', { name: 'Journey 1' });
  await drive.getByRole('textbox', { name: 'Business purpose' }).fill('Store opening');
  await drive.getByRole('textbox', { name: 'From' }).fill('Head office');
  await drive.getByRole('textbox', { name: 'To' }).fill('Bolton store');
  await drive.getByRole('textbox', { name: 'Miles' }).fill('40');
  // 40 car miles at 55p (well under the 10,000 of the tax year): £22.00, with the parking £28.80.
  const totals = ella.getByRole('region', { name: 'Claim totals' });
  await expect(totals).toContainText('£6.80');
  await expect(totals).toContainText('£22.00');
  await expect(totals).toContainText('£28.80');
  expect(await ella.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await ella.getByRole('button', { name: 'Submit claim' }).click();

  await expect(ella).toHaveURL(/\/expense\/[0-9a-f-]{36}$/);
  await expect(ella.getByText('Expense and mileage claim', { exact: false })).toBeVisible();
  const items = ella.getByRole('region', { name: 'Items' });
  const journeys = ella.getByRole('region', { name: 'Journeys' });
  await expect(items.getByRole('listitem', { name: 'Parking at the store' })).toBeVisible();
  await expect(journeys.getByRole('listitem', { name: 'Head office to Bolton store' })).toContainText('40 mi × 55p');
  const summary = ella.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText('£28.80');
  expect(await ella.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const [claim] = await claimsNamed(ella, description);
  expect(claim).toMatchObject({ claim_type: 'mixed', status: 'submitted', total: 28.8, items_total: 6.8, mileage_total: 22 });
  expect(claim?.items[0]?.receipts).toHaveLength(1);
  await ella.context().close();
});

// Offline: this test works with the service worker; the file's others do without it, each
// context sparing its install and precaching (playwright.config.ts).
test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a claim with a receipt made with no network waits in the outbox and lands exactly once with its receipt', async ({ browser }) => {
    test.setTimeout(120_000);
    const description = `Offline hotel ${Date.now()}`;
    const ella = await openAs(browser, ACCOUNTS.employee, PHONE);
    await waitForActivatedServiceWorker(ella);
    // Open the form once online, so the expense types are in the persisted cache.
    await ella.goto('/expenses/new');
    await expect(ella.getByRole('heading', { level: 1, name: 'New claim' })).toBeVisible();
    await ella.goto('/expenses');
    await expect(ella.getByRole('heading', { level: 1, name: 'Expenses' })).toBeVisible();
    await ella.waitForTimeout(2_500);

    await ella.context().setOffline(true);
    await ella.goto('/expenses/new').catch(() => undefined);
    await ella.reload();
    await expect(ella.getByRole('heading', { level: 1, name: 'New claim' })).toBeVisible();
    await fillClaim(ella, description, 'Choose file');
    await ella.getByRole('button', { name: 'Submit claim' }).click();
    await expect(ella.getByText(QUEUED_TOAST_MESSAGE)).toBeVisible();
    await expect(ella).toHaveURL(/\/expenses$/);
    const queued = ella.getByRole('list', { name: 'Not yet sent' });
    await expect(queued.getByText(description)).toBeVisible();
    await expect(queued.getByText('Waiting to sync').first()).toBeVisible();
    await ella.screenshot({ path: `${SCREENSHOTS}/waiting-to-sync-phone.png`, fullPage: true });
    expect(await claimsNamed(ella, description)).toEqual([]);

    await ella.context().setOffline(false);
    await expect
      .poll(async () => (await claimsNamed(ella, description)).map((claim) => claim.status), { timeout: 30_000 })
      .toEqual(['submitted']);
    await expect(queued.getByText(description)).toHaveCount(0, { timeout: 30_000 });
    // Nothing more arrives later: the outbox sent the claim, its receipt and its submission once.
    await ella.waitForTimeout(2_000);
    const landed = await claimsNamed(ella, description);
    expect(landed).toHaveLength(1);
    expect(landed[0]?.items[0]?.receipts).toHaveLength(1);
    expect(landed[0]?.events.map((event) => event.action)).toEqual(['created', 'submitted']);
    await ella.context().close();
  });
});
