// Documents after they are made, on a phone: the owner edits a document's details (a 422 shown
// on its field, the narrowed audience keeping Ella out), writes a template with merge fields and
// a free field and previews it for Ella, opens a Word file, which is offered as a download and
// cannot be sent to sign, and uploads one through the dialog whose fields "Edit details" shares.
// Names carry a random suffix: other specs share the demo company.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import type { DocumentDetail, DocumentSummary } from '../../src/modules/documents/documents.contract';
import { NOT_SIGNABLE_MESSAGE } from '../../src/modules/documents/documents.contract';
import { extractPdfText } from '../../src/modules/documents/server/pdf-text';
import { pdfDocument, wordDocument } from '../support/upload-fixtures';
import { ACCOUNTS, apiSignIn } from './support/accounts';
import { expect, openAs, PHONE, test } from './support/fixtures';

const suffix = () => Math.random().toString(36).slice(2, 8);

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page
    .getByRole('dialog')
    .getByRole('textbox', { name: label })
    .or(page.getByRole('dialog').getByRole('combobox', { name: label }))
    .first()
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function headersOf(request: APIRequestContext, email: string) {
  const { auth_token: token } = await apiSignIn(request, email);
  return { authorization: `Bearer ${token}` };
}

/** Uploads a file as the owner over the API, shared with everyone in HR Documents. */
async function upload(
  request: APIRequestContext,
  file: { title: string; name: string; mimeType: string; buffer: Buffer },
): Promise<string> {
  const res = await request.post('/api/document', {
    headers: await headersOf(request, ACCOUNTS.owner),
    multipart: {
      area: 'hr',
      title: file.title,
      audience: 'everyone',
      file: { name: file.name, mimeType: file.mimeType, buffer: file.buffer },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as DocumentDetail).id;
}

test("the owner edits a document's details on a phone; the narrowed audience keeps Ella out", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const title = `Canteen rules ${suffix()}`;
  const id = await upload(request, { title, name: 'canteen.pdf', mimeType: 'application/pdf', buffer: pdfDocument('Canteen rules') });

  // Ella may read it, and gets no way to change it.
  const ella = await openAs(browser, ACCOUNTS.employee, PHONE, `/document/${id}`);
  await expect(ella.getByRole('heading', { name: title })).toBeVisible();
  await expect(ella.getByTestId('pdf-page').first()).toBeVisible({ timeout: 30_000 });
  await expect(ella.getByRole('button', { name: 'Edit details' })).toHaveCount(0);

  const owner = await openAs(browser, ACCOUNTS.owner, PHONE, `/document/${id}`);
  await owner.getByRole('button', { name: 'Edit details' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Edit details' });
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
  await expect(dialog.getByRole('combobox', { name: 'Who can see it' })).toHaveValue('Everyone');
  await expect(dialog.getByRole('combobox', { name: 'What readers do' })).toHaveValue('Read');
  await owner.screenshot({ path: '/tmp/docs-edit-details-390.png' });

  await dialog.getByRole('textbox', { name: 'Title' }).fill(`${title} (Office)`);
  await choose(owner, 'What readers do', 'Read and acknowledge');
  await choose(owner, 'Who can see it', 'Departments');
  // No department chosen: the server's 422 lands on the field.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please choose who can see it.')).toBeVisible();
  await owner.screenshot({ path: '/tmp/docs-edit-details-error-390.png' });
  await choose(owner, 'Departments', 'Office');
  await dialog.getByRole('heading', { name: 'Edit details' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(owner.getByRole('heading', { name: `${title} (Office)` })).toBeVisible();
  await expect(owner.getByText(/^Departments · Version 1/)).toBeVisible();
  await expect(owner.getByText('Read and acknowledge', { exact: true })).toBeVisible();

  // Ella (Operations) no longer lists or opens it.
  const ellaHeaders = await headersOf(request, ACCOUNTS.employee);
  const listed = (await (await request.get('/api/document?area=hr&limit=100', { headers: ellaHeaders })).json()) as {
    results: DocumentSummary[];
  };
  expect(listed.results.map((d) => d.id)).not.toContain(id);
  expect((await request.get(`/api/document/${id}/file`, { headers: ellaHeaders })).status()).toBe(403);
  await ella.goto('/hr-documents/documents');
  await ella.getByRole('textbox', { name: 'Search' }).fill(title);
  await expect(ella.getByText('No documents match these filters.')).toBeVisible();

  // The area's list offers the same dialog from each row's menu.
  await owner.goto('/hr-documents/documents');
  await owner.getByRole('textbox', { name: 'Search' }).fill(title);
  await expect(owner.getByTestId('document-row')).toHaveCount(1);
  await owner.getByRole('button', { name: `More for ${title} (Office)` }).click();
  await owner.getByRole('menuitem', { name: 'Edit details' }).click();
  await expect(owner.getByRole('dialog', { name: 'Edit details' }).getByRole('textbox', { name: 'Title' })).toHaveValue(
    `${title} (Office)`,
  );
  await owner.screenshot({ path: '/tmp/docs-row-edit-390.png' });
  await owner.context().close();
  await ella.context().close();
});

test('the owner writes a template with merge fields and a free field, previews it for Ella and saves it', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const name = `Welcome note ${suffix()}`;
  const owner = await openAs(browser, ACCOUNTS.owner, PHONE, '/hr-documents/documents');
  await owner.getByRole('button', { name: 'Templates', exact: true }).click();
  const dialog = owner.getByRole('dialog');
  await dialog.getByRole('button', { name: 'New template' }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  const text = dialog.getByRole('textbox', { name: 'Text' });
  await text.fill('Dear ');
  await dialog.getByRole('button', { name: "Employee's first name", exact: true }).click();
  await text.press('End');
  await text.pressSequentially(', welcome to ');
  await dialog.getByRole('button', { name: 'Company name', exact: true }).click();
  await text.press('End');
  await text.pressSequentially('. We meet at ');
  await dialog.getByRole('button', { name: 'Add a field' }).click();
  await dialog.getByRole('textbox', { name: 'Field 1' }).fill('Meeting place');
  await dialog.getByRole('button', { name: 'Meeting place', exact: true }).click();
  await expect(text).toHaveValue('Dear {{employee_first_name}}, welcome to {{company_name}}. We meet at {{meeting_place}}');

  await choose(owner, 'Preview for', 'Ella Evans');
  await dialog.getByRole('textbox', { name: 'Meeting place' }).fill('the front desk');
  const [preview] = await Promise.all([
    owner.waitForResponse((response) => response.url().endsWith('/api/document-preview') && response.request().method() === 'POST'),
    dialog.getByRole('button', { name: 'Save and preview' }).click(),
  ]);
  expect(preview.status()).toBe(200);
  // The page's response passes through the service worker, whose bodies Playwright does not
  // see: the same request is asked again, and its PDF read.
  const asked = preview.request().postDataJSON() as { user_id: string; document_template_file_field_values: Record<string, string> };
  expect(asked.document_template_file_field_values).toEqual({ meeting_place: 'the front desk' });
  const again = await request.post('/api/document-preview', { headers: await headersOf(request, ACCOUNTS.owner), data: asked });
  expect(again.status()).toBe(200);
  const merged = (await extractPdfText(await again.body())).replace(/\s+/g, ' ');
  expect(merged).toContain('Dear Ella, welcome to Demo Ltd. We meet at the front desk');
  await expect(dialog.getByTestId('pdf-page').first()).toBeVisible({ timeout: 30_000 });
  await dialog.getByTestId('pdf-page').first().scrollIntoViewIfNeeded();
  await owner.screenshot({ path: '/tmp/docs-template-preview-390.png' });

  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog.getByRole('button', { name: `Edit ${name}` })).toBeVisible();
  // Saved for good: it is listed after a reload too, and offered for making documents.
  await owner.reload();
  await owner.getByRole('button', { name: 'Templates', exact: true }).click();
  await expect(owner.getByRole('dialog').getByRole('button', { name: `Edit ${name}` })).toBeVisible();
  await owner.context().close();
});

test('a Word file is offered as a download, not drawn, and cannot be sent to sign', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const title = `Welcome letter ${suffix()}`;
  const word = wordDocument('Dear Ella');
  const id = await upload(request, {
    title,
    name: 'welcome.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: word,
  });
  const owner = await openAs(browser, ACCOUNTS.owner, PHONE, `/document/${id}`);
  await expect(owner.getByText("This file type can't be shown here — download it to open it.", { exact: false })).toBeVisible();
  await expect(owner.getByTestId('pdf-page')).toHaveCount(0);
  await expect(owner.getByRole('button', { name: 'Send to sign' })).toHaveCount(0);
  await expect(owner.getByText(NOT_SIGNABLE_MESSAGE, { exact: false })).toBeVisible();
  await owner.screenshot({ path: '/tmp/docs-word-390.png', fullPage: true });
  const [download] = await Promise.all([owner.waitForEvent('download'), owner.getByRole('button', { name: 'Download to open' }).click()]);
  expect((await readFile((await download.path())!)).equals(word)).toBe(true);
  expect(download.suggestedFilename()).toMatch(/\.docx$/);

  // "Sign" is offered disabled, with the reason.
  await owner.getByRole('button', { name: 'Edit details' }).click();
  await owner.getByRole('dialog').getByRole('combobox', { name: 'What readers do' }).click();
  await expect(owner.getByRole('option', { name: 'Sign', exact: true })).toHaveAttribute('data-combobox-disabled', 'true');
  await expect(owner.getByRole('dialog').getByText(NOT_SIGNABLE_MESSAGE)).toBeVisible();
  await owner.context().close();
});

test('the upload dialog shares the fields: a Word file is uploaded to read, and "Sign" is not offered for it', async ({ browser }) => {
  test.setTimeout(90_000);
  const title = `Holiday form ${suffix()}`;
  const owner = await openAs(browser, ACCOUNTS.owner, PHONE, '/hr-documents/documents');
  await owner.getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = owner.getByRole('dialog', { name: 'Upload documents' });
  await dialog.getByLabel('Files').setInputFiles({
    name: 'holiday-form.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: wordDocument('Holiday form'),
  });
  await dialog.getByRole('textbox', { name: 'Title of holiday-form.docx' }).fill(title);
  await dialog.getByRole('combobox', { name: 'What readers do' }).click();
  await expect(owner.getByRole('option', { name: 'Sign', exact: true })).toHaveAttribute('data-combobox-disabled', 'true');
  await owner.getByRole('option', { name: 'Read and acknowledge', exact: true }).click();
  await choose(owner, 'Who can see it', 'Departments');
  await choose(owner, 'Departments', 'Operations');
  await dialog.getByRole('heading', { name: 'Upload documents' }).click();
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog).toBeHidden();
  await owner.getByRole('textbox', { name: 'Search' }).fill(title);
  await expect(owner.getByTestId('document-row')).toHaveCount(1);
  await owner.getByRole('link', { name: title }).click();
  await expect(owner.getByText(/^Departments · Version 1/)).toBeVisible();
  await expect(owner.getByText('Read and acknowledge', { exact: true })).toBeVisible();
  await owner.context().close();
});
