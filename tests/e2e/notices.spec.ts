// The noticeboard and expert articles on a phone, against the real server and the demo
// company: the owner publishes a notice asking for acknowledgement, Ella acknowledges it and
// the owner's read receipts move without a reload; an acknowledgement made with no network
// waits in the outbox and lands once; an article is found by a word of its body.
import type { Page } from '@playwright/test';
import type { NoticeReceipts } from '../../src/modules/notices/notices.contract';
import { QUEUED_TOAST_MESSAGE } from '../../src/client/offline/outbox-copy';
import { ACCOUNTS, apiSignIn } from './support/accounts';
import { expect, openAs, PHONE, test, waitForActivatedServiceWorker } from './support/fixtures';

const SCREENSHOTS = 'test-results/notices';

const receiptCounts = (page: Page) => page.getByTestId('receipt-counts');
/** Nobody else's spec signs in as Grace: Ella's Needs-your-action flow on the other worker acknowledges every notice for everyone. */
const GRACE = 'grace.murray@demo.test';

test('a notice asking for acknowledgement: Grace acknowledges it and the owner sees the receipt live', async ({ browser }) => {
  test.setTimeout(90_000);
  const title = `Lift out of order ${Date.now()}`;
  const owner = await openAs(browser, ACCOUNTS.owner, PHONE);
  const grace = await openAs(browser, GRACE, PHONE);

  await owner.goto('/notices/new');
  await owner.getByRole('textbox', { name: /^Title/ }).fill(title);
  const message = owner.getByRole('textbox', { name: /^Message/ });
  await message.click();
  await message.pressSequentially('Please use the stairs until Friday. ');
  await owner.getByRole('button', { name: 'Bold' }).click();
  await message.pressSequentially('Thank you.');
  await owner.getByText('Ask people to acknowledge it').click();
  expect(await owner.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await owner.getByRole('button', { name: 'Publish' }).click();
  await expect(owner).toHaveURL(/\/notice\/[0-9a-f-]{36}$/);
  await expect(owner.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(owner.locator('.rich-text b, .rich-text strong').first()).toHaveText('Thank you.');
  await expect(receiptCounts(owner)).toContainText('Acknowledged by 0 of');
  // Its author is told they published it, never that they acknowledged it beside "0 of".
  await expect(owner.getByText('You published this notice. The people it is for are asked to acknowledge it.')).toBeVisible();
  await expect(owner.getByText(/You acknowledged this notice/)).toHaveCount(0);

  // Grace finds it unread on the noticeboard, asking for acknowledgement, and acknowledges it.
  await grace.goto('/notices');
  const card = grace.getByRole('listitem').filter({ hasText: title });
  await expect(card.getByText('Please acknowledge')).toBeVisible();
  await expect(card.getByText('Unread')).toBeVisible();
  await card.getByRole('link', { name: title }).click();
  await grace.getByRole('button', { name: 'I have read and understood' }).click();
  await expect(grace.getByText(/^You acknowledged this notice on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/)).toBeVisible();
  await grace.screenshot({ path: `${SCREENSHOTS}/acknowledged-phone.png`, fullPage: true });

  // The owner's page, open all along, counts it without a reload (at least Grace: the notice is for
  // everyone, and Ella's Needs-your-action flow on the other worker may acknowledge it too).
  await expect(receiptCounts(owner)).toContainText(/Acknowledged by [1-9]\d* of/, { timeout: 10_000 });
  await owner.locator('label', { hasText: /^Acknowledged$/ }).click();
  await expect(owner.getByRole('list', { name: 'Receipts' }).getByText('Grace Murray')).toBeVisible();
  await owner.screenshot({ path: `${SCREENSHOTS}/receipts-phone.png`, fullPage: true });
  await owner.context().close();
  await grace.context().close();
});

// Offline: this test works with the service worker; the file's others do without it, each
// context sparing its install and precaching (playwright.config.ts).
test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('an acknowledgement made with no network waits in the outbox and lands once', async ({ browser, request }) => {
    test.setTimeout(90_000);
    const { auth_token } = await apiSignIn(request, ACCOUNTS.owner);
    const headers = { authorization: `Bearer ${auth_token}`, 'idempotency-key': crypto.randomUUID() };
    const created = await request.post('/api/notices', {
      data: {
        title: `Offline notice ${Date.now()}`,
        body: '<p>Read me on the train.</p>',
        audience: 'everyone',
        acknowledgement_required: true,
      },
      headers,
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    // Grace's own acknowledgements: others of the audience may acknowledge it meanwhile.
    const acknowledged = async () => {
      const res = await request.get(`/api/notices/${id}/receipts`, { headers: { authorization: `Bearer ${auth_token}` } });
      const { results } = (await res.json()) as NoticeReceipts;
      return results.filter(
        (receipt) => receipt.user.first_name === 'Grace' && receipt.user.surname === 'Murray' && receipt.acknowledged_at !== null,
      ).length;
    };

    const grace = await openAs(browser, GRACE, PHONE);
    await waitForActivatedServiceWorker(grace);
    await grace.goto(`/notice/${id}`);
    await expect(grace.getByRole('button', { name: 'I have read and understood' })).toBeVisible();
    await grace.context().setOffline(true);
    await grace.getByRole('button', { name: 'I have read and understood' }).click();
    await expect(grace.getByText(QUEUED_TOAST_MESSAGE)).toBeVisible();
    await expect(grace.getByText('Waiting to sync')).toBeVisible();
    expect(await acknowledged()).toBe(0);

    await grace.context().setOffline(false);
    await expect.poll(acknowledged, { timeout: 30_000 }).toBe(1);
    await grace.waitForTimeout(2_000);
    expect(await acknowledged()).toBe(1);
    await grace.context().close();
  });
});

test('an article is found on a phone by a word of its body, with its sources and related articles', async ({ browser }) => {
  const ella = await openAs(browser, ACCOUNTS.employee, PHONE, '/expert-articles-and-insights');
  await ella.getByRole('searchbox', { name: 'Search articles' }).fill('tenosynovitis');
  const results = ella.getByRole('list', { name: 'Articles' });
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await expect(ella).toHaveURL(/search=tenosynovitis/);
  await results.getByRole('link', { name: /^RIDDOR for small businesses/ }).click();
  await expect(ella.getByRole('heading', { level: 1, name: /^RIDDOR for small businesses/ })).toBeVisible();
  await expect(ella.getByRole('heading', { name: 'Sources' })).toBeVisible();
  await expect(ella.getByRole('link', { name: /HSE INDG453/ })).toHaveAttribute('href', 'https://www.hse.gov.uk/pubns/indg453.pdf');
  await expect(ella.getByRole('heading', { name: 'Related articles' })).toBeVisible();
  expect(await ella.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await ella.screenshot({ path: `${SCREENSHOTS}/article-phone.png`, fullPage: true });
  await ella.context().close();
});
