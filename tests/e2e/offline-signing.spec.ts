// Signing with no signal, on a 390 px phone (#31): the document Thomas is asked to sign is kept
// on his phone when the request reaches it (at sign-in, or by the realtime event while he is
// signed in). On site with no signal he opens it, ticks consent and signs; the signature waits
// in the outbox and lands when the signal returns, with the device's signing time and the time
// it arrived in the evidence trail. If the document changed before it synced, it is refused with
// the reason, nothing is signed, and Needs attention's "Open the current version" opens it.
// Thomas Reid signs in here only; each test makes its own documents, so a retry starts afresh.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  DOCUMENT_CHANGED_MESSAGE,
  SHOWN_OFFLINE_DETAIL,
  SIGNATURE_FORM_ACTION,
  type AuditEntry,
  type DocumentDetail,
} from '../../src/modules/documents/documents.contract';
import { SW_MESSAGE } from '../../src/shared/sw-messages';
import { pdfDocument } from '../support/upload-fixtures';
import { ACCOUNTS, apiSignIn, tokenClaims } from './support/accounts';
import { expect, openAs, PHONE, test, waitForActivatedServiceWorker } from './support/fixtures';

test.use({ serviceWorkers: 'allow' });

const THOMAS = 'thomas.reid@demo.test';

async function ownerHeaders(request: APIRequestContext) {
  return { authorization: `Bearer ${(await apiSignIn(request, ACCOUNTS.owner)).auth_token}` };
}

/** As the owner: a PDF for Thomas alone, sent to him to sign. */
async function sendToThomas(request: APIRequestContext, title: string): Promise<DocumentDetail> {
  const headers = await ownerHeaders(request);
  const thomas = tokenClaims((await apiSignIn(request, THOMAS)).auth_token).user_id;
  const made = await request.post('/api/document', {
    headers,
    multipart: {
      area: 'hr',
      title,
      action: 'sign',
      audience: 'people',
      audience_ids: JSON.stringify([thomas]),
      file: { name: 'site-induction.pdf', mimeType: 'application/pdf', buffer: pdfDocument(`${title} v1`) },
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const document = (await made.json()) as DocumentDetail;
  const sent = await request.post(`/api/document/${document.id}/sign-request`, { headers, data: { signer_ids: [thomas] } });
  expect(sent.status(), await sent.text()).toBe(201);
  return document;
}

/** Waits until the phone keeps the document's file and pdf.js, and the worker every screen's code (as "Ready to work offline" asks). */
async function keptOnPhone(page: Page, id: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          async (documentId) =>
            (await (await caches.open('stafflane-files-to-sign')).keys()).some((request) => request.url.includes(documentId)) &&
            // pdf.js's worker, which draws it.
            (await (await caches.open('stafflane-lazy-chunks')).keys()).some((request) => request.url.includes('pdf.worker')),
          id,
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
  const cached = await page.evaluate(async (type) => {
    const worker = (await navigator.serviceWorker.ready).active;
    const channel = new MessageChannel();
    const answer = new Promise<{ failed: number }>((resolve) => (channel.port1.onmessage = (event) => resolve(event.data)));
    worker?.postMessage({ type }, [channel.port2]);
    return answer;
  }, SW_MESSAGE.cacheScreens);
  expect(cached.failed).toBe(0);
  // The persisted cache takes the page's data within a second of it arriving.
  await page.waitForTimeout(1_500);
}

/** With no signal: opens the document from its address, reads the kept copy and signs by typing. */
async function signOffline(page: Page, document: DocumentDetail): Promise<void> {
  await page.context().setOffline(true);
  await page.goto(`/document/${document.id}`);
  await expect(page.getByRole('heading', { name: document.title })).toBeVisible();
  await expect(page.getByTestId('pdf-page').first()).toBeVisible({ timeout: 20_000 });
  const panel = page.getByTestId('sign-panel');
  await panel.getByRole('checkbox').check();
  await panel.getByText('Type', { exact: true }).click();
  await panel.getByRole('textbox', { name: 'Type your full name' }).fill('Thomas Reid');
  await panel.getByRole('button', { name: 'Sign' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Waiting to sync' })).toBeVisible();
}

async function trailOf(request: APIRequestContext, id: string): Promise<AuditEntry[]> {
  return (await (await request.get(`/api/document/${id}/audit`, { headers: await ownerHeaders(request) })).json()) as AuditEntry[];
}

test('a document kept on the phone is signed with no signal and lands when the signal returns', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const document = await sendToThomas(request, `Site induction ${Date.now()}`);
  const thomas = await openAs(browser, THOMAS, PHONE);
  await waitForActivatedServiceWorker(thomas);
  await keptOnPhone(thomas, document.id);

  await signOffline(thomas, document);
  await thomas.screenshot({ path: test.info().outputPath('signed-offline-waiting-390.png'), fullPage: true });
  expect((await trailOf(request, document.id)).map((entry) => entry.event)).not.toContain('signed');

  await thomas.context().setOffline(false);
  await expect(thomas.getByText('Signed by all').first()).toBeVisible({ timeout: 20_000 });
  await expect(thomas.getByTestId('sign-panel')).toHaveCount(0);
  const trail = await trailOf(request, document.id);
  expect(trail.filter((entry) => entry.event === 'signed')).toHaveLength(1);
  expect(trail.find((entry) => entry.event === 'signed')?.detail).toMatch(
    /^typed signature; signed on the device at \S+; received at \S+$/,
  );
  expect(trail.find((entry) => entry.event === 'viewed')).toMatchObject({ detail: SHOWN_OFFLINE_DETAIL, sha256: document.version.sha256 });
  await thomas.context().close();
});

test('a signature of a document changed before it synced is refused, and Needs attention opens the current version', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const thomas = await openAs(browser, THOMAS, PHONE);
  await waitForActivatedServiceWorker(thomas);
  // The request reaches the phone while Thomas is signed in.
  const document = await sendToThomas(request, `Permit to work ${Date.now()}`);
  await keptOnPhone(thomas, document.id);
  await signOffline(thomas, document);

  // Meanwhile the office replaces the document and sends the new version to sign.
  const headers = await ownerHeaders(request);
  const version = await request.post(`/api/document/${document.id}/version`, {
    headers,
    multipart: { file: { name: 'permit-v2.pdf', mimeType: 'application/pdf', buffer: pdfDocument('Permit to work v2') } },
  });
  expect(version.status(), await version.text()).toBe(201);
  const thomasId = tokenClaims((await apiSignIn(request, THOMAS)).auth_token).user_id;
  expect((await request.post(`/api/document/${document.id}/sign-request`, { headers, data: { signer_ids: [thomasId] } })).status()).toBe(
    201,
  );

  await thomas.context().setOffline(false);
  await thomas.goto('/outbox');
  const refused = thomas
    .getByRole('listitem')
    .filter({ hasText: `Signature of ${document.title}` })
    .filter({ hasText: 'Needs attention' });
  await expect(refused.getByText(DOCUMENT_CHANGED_MESSAGE)).toBeVisible({ timeout: 20_000 });
  await thomas.screenshot({ path: test.info().outputPath('signature-refused-390.png'), fullPage: true });
  expect((await trailOf(request, document.id)).map((entry) => entry.event)).not.toContain('signed');

  await refused.getByRole('button', { name: new RegExp(`^${SIGNATURE_FORM_ACTION}`) }).click();
  await expect(thomas).toHaveURL(new RegExp(`/document/${document.id}$`));
  await expect(thomas.getByRole('alert').filter({ hasText: DOCUMENT_CHANGED_MESSAGE })).toBeVisible();
  await expect(thomas.getByText('Version 2').first()).toBeVisible();
  await thomas.context().close();
});
