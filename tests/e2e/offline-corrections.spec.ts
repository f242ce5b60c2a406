// Offline writes a person can fix, on a 390 px phone with no signal: the claim form refuses at
// once what its contract refuses (offline too); a claim the server refuses when it is sent
// (a receipt its type requires) waits under "Needs attention" in the outbox, whose "Correct"
// opens the form with what Ella wrote and the server's message; she adds the receipt and the
// claim lands once. Then her offline edit of that claim meets Marcus's approval: she is told
// what happened, the approval stands, and her version opens as a new claim to copy from.
// A message to support written offline to the HR advice team, refused once Freya is no longer an
// authorised contact, opens from the outbox in Contact support over the outbox itself.
import type { APIRequestContext, Page } from '@playwright/test';
import { QUEUED_TOAST_MESSAGE } from '../../src/client/offline/outbox-copy';
import { expenseMessages, type ExpenseClaim, type ExpenseClaimDetail } from '../../src/modules/expenses/expenses.contract';
import { CONTACT_SUCCESS_MESSAGE, CONTACT_TYPE_REFUSED } from '../../src/modules/support/support.contract';
import { ACCOUNTS, apiSignIn, tokenClaims } from './support/accounts';
import { expect, openAs, PHONE, test, waitForActivatedServiceWorker } from './support/fixtures';

// The outbox is the service worker's.
test.use({ serviceWorkers: 'allow' });

/** A small real PNG (the app's icon) as the receipt. */
const RECEIPT = {
  name: 'certificate.png',
  mimeType: 'image/png',
  buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
};

async function claimsNamed(page: Page, description: string): Promise<ExpenseClaimDetail[]> {
  const { auth_token } = await apiSignIn(page.request, ACCOUNTS.owner);
  const headers = { authorization: `Bearer ${auth_token}` };
  const list = await page.request.get(`/api/user-expense?view=all&search=${encodeURIComponent(description)}&limit=50`, { headers });
  const { results } = (await list.json()) as { results: ExpenseClaim[] };
  return Promise.all(
    results
      .filter((claim) => claim.description === description)
      .map(async (claim) => (await (await page.request.get(`/api/user-expense/${claim.id}`, { headers })).json()) as ExpenseClaimDetail),
  );
}

/** Closes the toasts a phone shows at its foot (they cover the form's buttons at 390 px). */
async function dismissToasts(page: Page): Promise<void> {
  for (const close of await page.locator('.mantine-Notification-closeButton').all())
    await close.click({ timeout: 2_000 }).catch(() => undefined);
}

/**
 * The outbox, once the signal is back. A goto here once sometimes never completed (no navigation,
 * no error, until the test's timeout): the router reloaded the page when a screen's code could not
 * be fetched offline, and swallowed a goto issued in that moment. Screen code is now fetched again
 * in place when the signal returns (src/client/pwa/screen-code-retry.ts), with no reload; each goto
 * is still given a few seconds and made again if the outbox did not open, as any navigation the
 * app starts by itself at that moment would swallow it the same way.
 */
async function openOutbox(page: Page): Promise<void> {
  await expect(async () => {
    await page.goto('/outbox', { waitUntil: 'commit', timeout: 5_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

async function approveAsManager(page: Page, id: string): Promise<void> {
  const { auth_token } = await apiSignIn(page.request, ACCOUNTS.manager);
  const response = await page.request.post(`/api/user-expense/${id}/approve`, {
    headers: { authorization: `Bearer ${auth_token}` },
    data: {},
  });
  expect(response.status()).toBe(200);
}

test('a claim refused after it waited offline is corrected from the outbox and lands once; an offline edit that meets an approval is kept to copy from', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const description = `First aid course ${Date.now()}`;
  const ella = await openAs(browser, ACCOUNTS.employee, PHONE);
  await waitForActivatedServiceWorker(ella);
  // The form opened online; the signal goes while she fills it in.
  await ella.goto('/expenses/new');
  await expect(ella.getByRole('heading', { level: 1, name: 'New claim' })).toBeVisible();
  await ella.getByRole('textbox', { name: 'What is this claim for?' }).fill(description);
  await ella.getByRole('button', { name: 'Add an item' }).click();
  const item = ella.getByRole('group', { name: 'Item 1' });
  await item.getByRole('combobox', { name: 'Expense type' }).click();
  await ella.getByRole('option', { name: 'Training', exact: true }).click();
  // Once the form has its expense types: a page whose data is still on its way when the signal
  // goes shows the offline state in its place (OfflinePageGate), and the test would wait on it.
  await ella.context().setOffline(true);
  await item.getByRole('textbox', { name: 'Gross amount (£)' }).fill('120.00');
  // The contract refuses an item with no description here and now, with no signal.
  await dismissToasts(ella);
  await ella.getByRole('button', { name: 'Submit claim' }).click();
  await expect(item.getByRole('textbox', { name: 'Description' })).toHaveAccessibleDescription('Field is required.');
  await expect(ella.getByText(QUEUED_TOAST_MESSAGE)).toHaveCount(0);
  await item.getByRole('textbox', { name: 'Description' }).fill('Workplace first aid, one day');
  // The receipt Training requires is the server's rule: the claim is queued without it.
  await dismissToasts(ella);
  await ella.getByRole('button', { name: 'Submit claim' }).click();
  await expect(ella.getByText(QUEUED_TOAST_MESSAGE)).toBeVisible();
  await expect(ella).toHaveURL(/\/expenses$/);

  await ella.context().setOffline(false);
  await openOutbox(ella);
  const refused = ella.getByRole('listitem').filter({ hasText: 'Expense claim' }).filter({ hasText: 'Needs attention' });
  await expect(refused.getByText(expenseMessages.receiptRequired('Training'))).toBeVisible({ timeout: 20_000 });
  await ella.screenshot({ path: test.info().outputPath('outbox-needs-attention-390.png'), fullPage: true });
  expect(await claimsNamed(ella, description)).toEqual([]);

  await dismissToasts(ella);
  await refused.getByRole('button', { name: /^Correct/ }).click();
  await expect(ella).toHaveURL(/\/expenses\/new$/);
  await expect(ella.getByText('Refused when it was sent', { exact: true })).toBeVisible();
  await expect(ella.getByRole('textbox', { name: 'What is this claim for?' })).toHaveValue(description);
  await expect(item.getByRole('textbox', { name: 'Description' })).toHaveValue('Workplace first aid, one day');
  await expect(item.getByText(expenseMessages.receiptRequired('Training')).first()).toBeVisible();
  await ella.screenshot({ path: test.info().outputPath('correct-claim-390.png'), fullPage: true });
  await dismissToasts(ella);
  const chooser = ella.waitForEvent('filechooser');
  await item.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles(RECEIPT);
  await expect(item.getByText(/certificate/)).toBeVisible();
  await dismissToasts(ella);
  await ella.getByRole('button', { name: 'Submit claim' }).click();
  await expect(ella).toHaveURL(/\/expense\/[0-9a-f-]+$/);

  const [landed] = await claimsNamed(ella, description);
  expect(landed).toMatchObject({ status: 'submitted', total: 120 });
  expect(landed?.items[0]?.receipts).toHaveLength(1);
  await openOutbox(ella);
  await expect(ella.getByRole('listitem').filter({ hasText: 'Needs attention' })).toHaveCount(0);
  expect(await claimsNamed(ella, description)).toHaveLength(1);

  // Her offline edit, written while Marcus approves the claim.
  await ella.goto(`/expense/${landed?.id}/edit`);
  await expect(item.getByRole('textbox', { name: 'Gross amount (£)' })).toHaveValue(/^120/);
  await ella.waitForTimeout(1_200);
  await ella.context().setOffline(true);
  await item.getByRole('textbox', { name: 'Gross amount (£)' }).fill('95.00');
  await dismissToasts(ella);
  await ella.getByRole('button', { name: 'Submit claim' }).click();
  await expect(ella.getByText(QUEUED_TOAST_MESSAGE)).toBeVisible();
  await expect(ella).toHaveURL(/\/expenses$/);
  await approveAsManager(ella, landed?.id ?? '');
  await ella.context().setOffline(false);
  await openOutbox(ella);
  const conflict = ella.getByRole('listitem').filter({ hasText: 'Needs attention' });
  await expect(conflict.getByText(expenseMessages.changedMeanwhile('approved'))).toBeVisible({ timeout: 20_000 });
  await dismissToasts(ella);
  await conflict.getByRole('button', { name: /^Correct/ }).click();
  await expect(ella.getByText('Your change was not saved', { exact: true })).toBeVisible();
  await expect(item.getByRole('textbox', { name: 'Gross amount (£)' })).toHaveValue('95.00');
  await ella.screenshot({ path: test.info().outputPath('conflict-copy-390.png'), fullPage: true });
  const [approved] = await claimsNamed(ella, description);
  expect(approved).toMatchObject({ status: 'approved', total: 120 });
  await ella.context().close();
});

/** Freya MacDonald, whom no other spec signs in as: made an authorised contact here, and not one again. */
const FREYA = 'freya.macdonald@demo.test';

async function setAuthorisedContact(request: APIRequestContext, userId: string, authorised: boolean): Promise<void> {
  const { auth_token } = await apiSignIn(request, ACCOUNTS.owner);
  const response = await request.put(`/api/user-basic/${userId}`, {
    headers: { authorization: `Bearer ${auth_token}` },
    data: { authorised_contact: authorised },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('a message to support refused after it waited offline opens in Contact support over the outbox, is corrected and lands', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const message = `Advice on a disciplinary meeting ${Date.now()}`;
  const freyaId = tokenClaims((await apiSignIn(request, FREYA)).auth_token).user_id;
  await setAuthorisedContact(request, freyaId, true);
  try {
    const freya = await openAs(browser, FREYA, PHONE);
    await waitForActivatedServiceWorker(freya);
    await freya.context().setOffline(true);
    await freya.getByRole('button', { name: 'Menu', exact: true }).click();
    await freya.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Contact Us' }).click();
    const dialog = freya.getByRole('dialog', { name: 'Contact support' });
    await dialog.getByRole('combobox', { name: 'Department' }).click();
    await freya.getByRole('option', { name: 'HR advice team' }).click();
    await dialog.getByRole('textbox', { name: 'Message' }).fill(message);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(freya.getByText(QUEUED_TOAST_MESSAGE)).toBeVisible();
    await expect(dialog).toBeHidden();

    // Meanwhile the company takes the HR advice team away from her: the server refuses the message.
    await setAuthorisedContact(request, freyaId, false);
    await freya.context().setOffline(false);
    await openOutbox(freya);
    const refused = freya.getByRole('listitem').filter({ hasText: 'Message to support' }).filter({ hasText: 'Needs attention' });
    await expect(refused.getByText(CONTACT_TYPE_REFUSED)).toBeVisible({ timeout: 20_000 });
    await dismissToasts(freya);
    await refused.getByRole('button', { name: /^Correct/ }).click();

    // Contact support opens over the outbox with what she wrote and why it was refused.
    await expect(dialog).toBeVisible();
    await expect(freya).toHaveURL(/\/outbox$/);
    await expect(dialog.getByText('Refused when it was sent', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Message' })).toHaveValue(message);
    await expect(dialog.getByRole('combobox', { name: 'Department' })).toHaveValue('HR advice team');
    await expect(dialog.getByText(CONTACT_TYPE_REFUSED).first()).toBeVisible();
    await freya.screenshot({ path: test.info().outputPath('correct-contact-390.png') });
    await dialog.getByRole('combobox', { name: 'Department' }).click();
    await freya.getByRole('option', { name: 'Support team' }).click();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(freya.getByText(CONTACT_SUCCESS_MESSAGE)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(freya.getByRole('listitem').filter({ hasText: 'Needs attention' })).toHaveCount(0);
    // It reached the support team once, as corrected.
    const { auth_token } = await apiSignIn(request, ACCOUNTS.admin);
    const inbox = await request.get(`/api/contact-us?search=${encodeURIComponent(message)}`, {
      headers: { authorization: `Bearer ${auth_token}` },
    });
    const { results } = (await inbox.json()) as { results: { message: string; contact_type: string }[] };
    expect(results.filter((found) => found.message === message).map((found) => found.contact_type)).toEqual(['support']);
    await freya.context().close();
  } finally {
    await setAuthorisedContact(request, freyaId, false);
  }
});
