// What people meet every day, on a 390 px phone (issue 29 §3–4): the docs-only user's dashboard
// of their documents and expert articles, "Install the app" where no store badge is configured,
// and the owner's dashboard naming each kind of document by what it asks. One sign-in per role.
import type { Page } from '@playwright/test';
import { ACCOUNTS } from './support/accounts';
import { expect, openAs, PHONE, test } from './support/fixtures';

const SHOTS = '/tmp/stafflane-daily-trust';

/** What Chromium fires when the app may be installed (a headless run never meets the criteria). */
const offerInstall = (page: Page) =>
  page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => undefined,
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(event);
  });

test('the docs-only user has a dashboard of their documents and articles, and the menu offers the app', async ({ browser }) => {
  const docs = await openAs(browser, ACCOUNTS.docs, PHONE);
  // Both document areas: the dashboard is theirs, not a redirect to HR documents (SPEC §1, §2.3).
  await expect(docs).toHaveURL(/\/$/);
  await expect(docs.getByRole('heading', { level: 1 })).toContainText(/Good (morning|afternoon|evening)/);
  const documents = docs.getByRole('region', { name: 'Documents for you' });
  await expect(documents).toBeVisible();
  await expect(documents).toContainText(/documents? to (sign|acknowledge|read)|No documents wait for you/);
  // Each line leads to the docs-only pages of its area.
  for (const href of await documents.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href'))))
    expect(href).toMatch(/^\/(hr-documents\/hr|hs-documents\/misc_docs)$/);
  const articles = docs.getByRole('region', { name: 'Expert articles' });
  await expect(articles.getByRole('link')).not.toHaveCount(0);
  await docs.screenshot({ path: `${SHOTS}/docs-dashboard-390.png`, fullPage: true });
  // Elsewhere they still go to their documents.
  await docs.goto('/employees');
  await expect(docs).toHaveURL(/\/hr-documents$/);

  // No store address is configured on the test server: "Install the app" in the badges' place.
  await offerInstall(docs);
  await docs.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(docs.getByRole('button', { name: 'Install the app' })).toBeVisible();
  await expect(docs.getByRole('link', { name: /App Store|Google Play/ })).toHaveCount(0);
  await docs.screenshot({ path: `${SHOTS}/menu-install-390.png` });
  await docs.context().close();
});

test("the owner's dashboard counts documents by what they ask, and nothing is to sign that is not", async ({ browser }) => {
  const owner = await openAs(browser, ACCOUNTS.owner, PHONE);
  const documents = owner.getByRole('region', { name: 'Documents for you' });
  await expect(documents).toBeVisible();
  await expect(documents).toContainText(/documents? to (acknowledge|read)/);
  // Nothing awaits the owner's signature in the demo.
  await expect(owner.getByRole('main')).not.toContainText(/documents? to sign/);
  await owner.screenshot({ path: `${SHOTS}/owner-dashboard-390.png`, fullPage: true });
  await owner.context().close();
});
