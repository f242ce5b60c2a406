// Documents and e-signing against the real server and the demo company: the owner makes a
// statement of main terms for Ella from the template, previews it and sends it to sign; Ella,
// on her phone, draws her signature; the owner downloads the sealed PDF and its certificate.
// Then the same kind of signature made with no signal waits in the outbox and lands once.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import type { AuditEntry, DocumentDetail, DocumentTemplate } from '../../src/modules/documents/documents.contract';
import { verifySealedPdf } from '../../src/modules/documents/server/pdf-seal';
import { extractPdfText } from '../../src/modules/documents/server/pdf-text';
import { ACCOUNTS, apiSignIn } from './support/accounts';
import { expect, openAs, PHONE, test, waitForActivatedServiceWorker, DESKTOP } from './support/fixtures';

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page
    .getByRole('textbox', { name: label })
    .or(page.getByRole('combobox', { name: label }))
    .first()
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function drawSignature(page: Page): Promise<void> {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + 100);
  await page.mouse.down();
  for (let step = 1; step <= 12; step += 1) await page.mouse.move(box.x + 20 + step * 20, box.y + 100 - Math.sin(step) * 40, { steps: 2 });
  await page.mouse.up();
}

/** Sends a statement of main terms for Ella to sign, over the API, as the owner. */
async function sendTermsToElla(request: APIRequestContext, title: string): Promise<string> {
  const { auth_token: token } = await apiSignIn(request, ACCOUNTS.owner);
  const headers = { authorization: `Bearer ${token}` };
  const templates = (await (await request.get('/api/document-template', { headers })).json()) as { results: DocumentTemplate[] };
  const terms = templates.results.find((t) => t.name === 'Statement of main terms of employment')!;
  const people = (await (await request.get('/api/user-basic?limit=500', { headers })).json()) as {
    results: { id: string; first_name: string }[];
  };
  const ella = people.results.find((p) => p.first_name === 'Ella')!;
  const made = await request.post(`/api/document-template/${terms.id}/generate`, { headers, data: { user_id: ella.id, title } });
  expect(made.status(), await made.text()).toBe(201);
  const id = ((await made.json()) as DocumentDetail).id;
  const sent = await request.post(`/api/document/${id}/sign-request`, { headers, data: { signer_ids: [ella.id] } });
  expect(sent.status()).toBe(201);
  return id;
}

test('the owner sends a statement of main terms, Ella signs it on her phone, the owner gets the sealed copy', async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await openAs(browser, ACCOUNTS.owner, DESKTOP, '/hr-documents/documents');
  await owner.getByRole('button', { name: 'New from template' }).click();
  await choose(owner, 'Template', 'Statement of main terms of employment (Stafflane library)');
  await choose(owner, 'For', 'Ella Evans');
  await owner.getByRole('textbox', { name: 'Notice period' }).fill('one month');
  await owner.getByRole('textbox', { name: 'Title', exact: true }).fill('Main terms for Ella (e2e)');
  await owner.getByRole('button', { name: 'Preview' }).click();
  await expect(owner.getByTestId('pdf-page').first()).toBeVisible({ timeout: 30_000 });
  await owner.getByRole('button', { name: 'Make document' }).click();
  await expect(owner).toHaveURL(/\/document\/[0-9a-f-]{36}$/);
  const url = owner.url();
  await owner.getByRole('button', { name: 'Send to sign' }).click();
  await owner.getByRole('dialog').getByRole('textbox', { name: 'Message' }).fill('Please sign your terms');
  // Its wording says the company signs: the owner, who made it, is proposed first, then Ella.
  await expect(owner.getByRole('dialog').getByText('Olivia Owen')).toBeVisible();
  await owner.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
  await expect(owner.getByText('Out for signature').first()).toBeVisible();
  await owner.getByRole('checkbox', { name: /I agree to sign this document electronically/ }).check();
  await owner.getByTestId('sign-panel').getByText('Type', { exact: true }).click();
  await owner.getByRole('textbox', { name: 'Type your full name' }).fill('Olivia Owen');
  await owner.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(owner.getByText('Signed. Thank you.')).toBeVisible();

  const ella = await openAs(browser, ACCOUNTS.employee, PHONE, new URL(url).pathname);
  await expect(ella.getByTestId('pdf-page').first()).toBeVisible({ timeout: 30_000 });
  await ella.getByRole('checkbox', { name: /I agree to sign this document electronically/ }).check();
  await drawSignature(ella);
  await ella.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(ella.getByText('Signed. The document is complete.')).toBeVisible();
  await ella.screenshot({ path: 'test-results/documents/ella-signed.png', fullPage: true });

  await owner.reload();
  await expect(owner.getByText('Signed by all').first()).toBeVisible();
  const [download] = await Promise.all([
    owner.waitForEvent('download'),
    owner.getByRole('button', { name: 'Download signed copy' }).click(),
  ]);
  const pdf = await readFile((await download.path())!);
  expect(verifySealedPdf(pdf)).toMatchObject({ valid: true, coversWholeFile: true });
  const text = await extractPdfText(pdf);
  expect(text).toContain('Certificate of completion');
  expect(text).toContain('Ella Evans');
  await expect(owner.getByRole('heading', { name: 'Evidence trail' })).toBeVisible();
  await owner.context().close();
  await ella.context().close();
});

// Offline: this test works with the service worker; the file's others do without it, each
// context sparing its install and precaching (playwright.config.ts).
test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a signature made with no signal waits in the outbox and lands exactly once', async ({ browser, request }) => {
    test.setTimeout(120_000);
    const id = await sendTermsToElla(request, 'Terms signed offline (e2e)');
    const ella = await openAs(browser, ACCOUNTS.employee, PHONE);
    await waitForActivatedServiceWorker(ella);
    await ella.goto(`/document/${id}`);
    await expect(ella.getByTestId('pdf-page').first()).toBeVisible({ timeout: 30_000 });

    await ella.context().setOffline(true);
    await ella.getByRole('checkbox', { name: /I agree to sign this document electronically/ }).check();
    await ella.getByTestId('sign-panel').getByText('Type', { exact: true }).click();
    await ella.getByRole('textbox', { name: 'Type your full name' }).fill('Ella Evans');
    await ella.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(ella.getByText('Waiting to sync').first()).toBeVisible();

    const { auth_token: token } = await apiSignIn(request, ACCOUNTS.owner);
    const trail = async () =>
      (
        (await (await request.get(`/api/document/${id}/audit`, { headers: { authorization: `Bearer ${token}` } })).json()) as AuditEntry[]
      ).filter((entry) => entry.event === 'signed').length;
    expect(await trail()).toBe(0);
    await ella.context().setOffline(false);
    await expect.poll(trail, { timeout: 30_000 }).toBe(1);
    await ella.waitForTimeout(2_000);
    expect(await trail()).toBe(1);
    await ella.context().close();
  });
});

test('the docs-only user reads real HR and H&S documents, and nothing else', async ({ browser }) => {
  const docs = await openAs(browser, ACCOUNTS.docs, PHONE, '/hr-documents');
  await expect(docs.getByRole('link', { name: 'Employee handbook' })).toBeVisible();
  await expect(docs.getByRole('link', { name: 'Office pay review notes 2026' })).toHaveCount(0);
  await docs.goto('/hs-documents/misc_docs');
  await expect(docs.getByRole('link', { name: 'Fire evacuation plan' })).toBeVisible();
  await docs.getByRole('link', { name: 'Fire evacuation plan' }).click();
  await expect(docs.getByTestId('pdf-page').first()).toBeVisible({ timeout: 30_000 });
  await docs.goto('/employees');
  await expect(docs).toHaveURL(/\/hr-documents$/);
  await docs.context().close();
});

test("Ella's own documents are on her profile's Documents tab", async ({ browser }) => {
  const ella = await openAs(browser, ACCOUNTS.employee, PHONE, '/profile?tab=documents');
  await expect(ella.getByRole('link', { name: 'Offer letter - Ella Evans' })).toBeVisible();
  await ella.getByRole('link', { name: 'Offer letter - Ella Evans' }).click();
  await expect(ella.getByRole('button', { name: 'Download signed copy' })).toBeVisible();
  await ella.context().close();
});
