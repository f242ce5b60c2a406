// Who sees which document: audience rules in lists, details and downloads, another company's
// documents (404), docs-only users, templates and previews, uploads that must be refused, and
// every documents write fuzzed with no 5xx.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentDetail, DocumentSummary } from '../../../src/modules/documents/documents.contract';
import { addUser, bearer, inCompany, ownerSql, signIn } from '../../support/identity-fixtures';
import { startDocumentsHarness, type DocumentsHarness } from '../../support/documents-harness';
import { multipartBody, pngImage, windowsExecutable, wordDocument } from '../../support/upload-fixtures';
import { NOT_SIGNABLE_MESSAGE } from '../../../src/modules/documents/documents.contract';

let h: DocumentsHarness;
let officeDoc: DocumentDetail;
let everyoneDoc: DocumentDetail;
let privateDoc: DocumentDetail;
beforeAll(async () => {
  h = await startDocumentsHarness();
  const make = async (fields: Record<string, string>) => {
    const res = await h.upload('owner', { area: 'hr', ...fields });
    if (res.statusCode !== 201) throw new Error(`upload refused ${res.statusCode} ${res.body}`);
    return res.json<DocumentDetail>();
  };
  officeDoc = await make({
    title: 'Office rota rules',
    audience: 'departments',
    audience_ids: JSON.stringify([h.company.departments.Office]),
  });
  everyoneDoc = await make({ title: 'Fire drill', audience: 'everyone', action: 'acknowledge' });
  privateDoc = await make({ title: 'Pay review', audience: 'hr_private' });
});
afterAll(async () => h.t.close());

const titles = async (who: Parameters<DocumentsHarness['send']>[0], query = '') =>
  (await h.send(who, 'GET', `/api/document?area=hr${query}`)).json<{ results: DocumentSummary[] }>().results.map((d) => d.title);

describe('audience', () => {
  it('lists a department document for that department only, and never a private-to-HR one', async () => {
    expect(await titles('office')).toEqual(expect.arrayContaining(['Office rota rules', 'Fire drill']));
    expect(await titles('employee')).toContain('Fire drill');
    expect(await titles('employee')).not.toContain('Office rota rules');
    expect(await titles('employee')).not.toContain('Pay review');
    expect(await titles('hr')).toEqual(expect.arrayContaining(['Office rota rules', 'Fire drill', 'Pay review']));
  });

  it('refuses the detail and the file of a document outside the audience', async () => {
    expect((await h.send('employee', 'GET', `/api/document/${officeDoc.id}`)).statusCode).toBe(403);
    expect((await h.send('employee', 'GET', `/api/document/${officeDoc.id}/file`)).statusCode).toBe(403);
    expect((await h.send('employee', 'GET', `/api/document/${privateDoc.id}/file`)).statusCode).toBe(403);
    expect((await h.send('office', 'GET', `/api/document/${officeDoc.id}/file`)).statusCode).toBe(200);
  });

  it('is a 404 for another company, whatever the route', async () => {
    for (const url of [`/api/document/${officeDoc.id}`, `/api/document/${everyoneDoc.id}/file`, `/api/document/${everyoneDoc.id}/audit`]) {
      expect((await h.sendAs(h.other, 'owner', 'GET', url)).statusCode).toBe(404);
    }
    expect((await h.sendAs(h.other, 'owner', 'PUT', `/api/document/${everyoneDoc.id}`, { title: 'Mine now' })).statusCode).toBe(404);
    expect((await h.sendAs(h.other, 'owner', 'GET', '/api/document')).json<{ count: number }>().count).toBe(0);
  });

  it('finds documents by the text inside their PDF and by tag', async () => {
    expect(await titles('owner', '&search=lorry')).toEqual(expect.arrayContaining(['Fire drill']));
    const tag = (await h.send('owner', 'POST', '/api/document-tags', { name: 'Safety' })).json<{ id: string }>();
    await h.send('owner', 'PUT', `/api/document/${everyoneDoc.id}`, {
      title: 'Fire drill',
      audience: 'everyone',
      action: 'acknowledge',
      tag_ids: [tag.id],
    });
    expect(await titles('employee', `&tag_ids[]=${tag.id}`)).toEqual(['Fire drill']);
    expect(await titles('employee', '&search=safety')).toEqual(['Fire drill']);
  });

  it('counts an unacknowledged document as pending until it is acknowledged', async () => {
    const before = (await h.send('colleague', 'GET', '/api/pending-count')).json<{ document: number }>().document;
    const acknowledged = await h.send('colleague', 'POST', `/api/document/${everyoneDoc.id}/acknowledge`, {});
    expect(acknowledged.json<DocumentDetail>().my_status).toBe('acknowledged');
    expect((await h.send('colleague', 'GET', '/api/pending-count')).json<{ document: number }>().document).toBe(before - 1);
  });
});

describe('changing a document', () => {
  it('narrows the audience: after it names one department, a person of another no longer lists or downloads it', async () => {
    const made = await h.upload('owner', { area: 'hr', title: 'Kitchen cleaning rota', audience: 'everyone' });
    const doc = made.json<DocumentDetail>();
    expect(await titles('employee')).toContain('Kitchen cleaning rota');
    expect((await h.send('employee', 'GET', `/api/document/${doc.id}/file`)).statusCode).toBe(200);

    const changed = await h.send('owner', 'PUT', `/api/document/${doc.id}`, {
      title: 'Kitchen cleaning rota (Office)',
      audience: 'departments',
      audience_ids: [h.company.departments.Office],
      action: 'acknowledge',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<DocumentDetail>()).toMatchObject({
      title: 'Kitchen cleaning rota (Office)',
      audience: 'departments',
      audience_ids: [h.company.departments.Office],
      action: 'acknowledge',
    });
    expect(await titles('employee')).not.toContain('Kitchen cleaning rota (Office)');
    expect((await h.send('employee', 'GET', `/api/document/${doc.id}`)).statusCode).toBe(403);
    expect((await h.send('employee', 'GET', `/api/document/${doc.id}/file`)).statusCode).toBe(403);
    expect(await titles('office')).toContain('Kitchen cleaning rota (Office)');
    expect((await h.send('office', 'GET', `/api/document/${doc.id}/file`)).statusCode).toBe(200);
  });

  it('answers bad details with field messages, and refuses people who may not change documents', async () => {
    const doc = (await h.upload('owner', { area: 'hr', title: 'Parking rules' })).json<DocumentDetail>();
    const empty = await h.send('owner', 'PUT', `/api/document/${doc.id}`, {
      title: 'Parking rules',
      audience: 'departments',
      audience_ids: [],
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json<{ errors: Record<string, string[]> }>().errors.audience_ids).toEqual(['Please choose who can see it.']);
    const untitled = await h.send('owner', 'PUT', `/api/document/${doc.id}`, { title: '  ' });
    expect(untitled.statusCode).toBe(422);
    expect(untitled.json<{ errors: Record<string, string[]> }>().errors.title).toBeDefined();
    expect((await h.send('employee', 'PUT', `/api/document/${doc.id}`, { title: 'Mine now' })).statusCode).toBe(403);
    expect((await h.send('manager', 'PUT', `/api/document/${doc.id}`, { title: 'Mine now' })).statusCode).toBe(403);
    expect((await h.send('owner', 'GET', `/api/document/${doc.id}`)).json<DocumentDetail>().title).toBe('Parking rules');
  });
});

describe('Office files', () => {
  const word = { name: 'letter.docx', data: wordDocument('Dear Ella') };

  it('upload and download as they are, to be read', async () => {
    const res = await h.upload('owner', { area: 'hr', title: 'Welcome letter' }, word);
    expect(res.statusCode).toBe(201);
    const doc = res.json<DocumentDetail>();
    expect(doc.version.mime_type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const file = await h.send('employee', 'GET', `/api/document/${doc.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(word.data)).toBe(true);
  });

  it('cannot be sent to sign, nor set to be signed: a 422 that tells them to upload a PDF', async () => {
    const doc = (await h.upload('owner', { area: 'hr', title: 'Contract draft' }, word)).json<DocumentDetail>();
    const sent = await h.send('owner', 'POST', `/api/document/${doc.id}/sign-request`, { signer_ids: [h.company.people.employee.id] });
    expect(sent.statusCode).toBe(422);
    expect(sent.json<{ message: string }>().message).toBe(NOT_SIGNABLE_MESSAGE);
    expect(sent.json<{ message: string }>().message).toMatch(/upload .*PDF/i);
    expect((await h.send('owner', 'GET', `/api/document/${doc.id}`)).json<DocumentDetail>().sign_request).toBeNull();

    const toSign = await h.send('owner', 'PUT', `/api/document/${doc.id}`, { title: 'Contract draft', action: 'sign' });
    expect(toSign.statusCode).toBe(422);
    expect(toSign.json<{ errors: Record<string, string[]> }>().errors.action).toEqual([NOT_SIGNABLE_MESSAGE]);

    const uploaded = await h.upload('owner', { area: 'hr', title: 'Contract to sign', action: 'sign' }, word);
    expect(uploaded.statusCode).toBe(422);
    expect(uploaded.json<{ errors: Record<string, string[]> }>().errors.action).toEqual([NOT_SIGNABLE_MESSAGE]);
    expect(await titles('owner')).not.toContain('Contract to sign');
    expect((await h.upload('owner', { area: 'hr', title: 'PDF to sign', action: 'sign' })).statusCode).toBe(201);
  });

  it('cannot become the new version of a document to sign, and leave no stored file behind', async () => {
    const doc = (await h.upload('owner', { area: 'hr', title: 'Terms to sign', action: 'sign' })).json<DocumentDetail>();
    const files = async () =>
      (await ownerSql<{ n: number }>(h.t, sql`select count(*)::int as n from files where company_id = ${h.company.companyId}`))[0]?.n;
    const before = await files();
    const body = multipartBody([
      {
        name: 'file',
        filename: word.name,
        contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        data: word.data,
      },
    ]);
    const version = await h.t.app.inject({
      method: 'POST',
      url: `/api/document/${doc.id}/version`,
      headers: { ...bearer(await h.company.token('owner')), ...body.headers },
      payload: body.payload,
    });
    expect(version.statusCode, version.body).toBe(422);
    expect(version.json<{ errors: Record<string, string[]> }>().errors.file).toEqual([NOT_SIGNABLE_MESSAGE]);
    expect(await files()).toBe(before);
    expect((await h.send('owner', 'GET', `/api/document/${doc.id}`)).json<DocumentDetail>().versions).toHaveLength(1);
  });
});

describe('special-category documents', () => {
  it('are flagged for the client and their files are never stored by a browser or the service worker', async () => {
    const res = await h.upload('owner', {
      area: 'hr',
      title: 'Fit note - Ella',
      audience: 'people',
      audience_ids: JSON.stringify([h.company.people.employee.id]),
      special_category: 'true',
    });
    const doc = res.json<DocumentDetail>();
    expect(doc.special_category).toBe(true);
    const file = await h.send('employee', 'GET', `/api/document/${doc.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect((await h.send('colleague', 'GET', `/api/document/${doc.id}/file`)).statusCode).toBe(403);
  });
});

describe('docs-only users', () => {
  it('read what is shared with them and nothing else', async () => {
    const user = await addUser(h.t, { company: inCompany(h.company, 'Docs only'), departmentId: h.company.departments.Office ?? null });
    const headers = bearer(await signIn(h.t, user));
    const list = await h.t.app.inject({ method: 'GET', url: '/api/document?area=hr', headers });
    expect(list.json<{ results: DocumentSummary[] }>().results.map((d) => d.title)).toEqual(
      expect.arrayContaining(['Office rota rules', 'Fire drill']),
    );
    expect((await h.t.app.inject({ method: 'GET', url: '/api/document-template', headers })).statusCode).toBe(403);
    expect((await h.t.app.inject({ method: 'POST', url: '/api/document-tags', headers, payload: { name: 'x' } })).statusCode).toBe(403);
    expect((await h.t.app.inject({ method: 'GET', url: `/api/document/${privateDoc.id}`, headers })).statusCode).toBe(403);
    expect(
      (await h.t.app.inject({ method: 'POST', url: `/api/document/${everyoneDoc.id}/acknowledge`, headers, payload: {} })).statusCode,
    ).toBe(200);
  });
});

describe('templates and preview', () => {
  it('previews a template with the person and typed values as a PDF; an unknown template is a 422', async () => {
    const id = await h.templateId('main_terms');
    const res = await h.send('owner', 'POST', '/api/document-preview', {
      document_template_file_id: id,
      document_template_file_field_values: { notice_period: 'six weeks' },
      user_id: h.company.people.employee.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { extractPdfText } = await import('../../../src/modules/documents/server/pdf-text');
    const text = await extractPdfText(res.rawPayload);
    expect(text).toContain('Ella Evans');
    expect(text).toContain('six weeks');
    const bad = await h.send('owner', 'POST', '/api/document-preview', { document_template_file_id: crypto.randomUUID() });
    expect(bad.statusCode).toBe(422);
    expect((await h.send('employee', 'POST', '/api/document-preview', { document_template_file_id: id })).statusCode).toBe(403);
  });

  it("puts a generated document on the person's own list, private from colleagues", async () => {
    const doc = await h.generate('employee', 'Terms for Ella');
    const mine = (await h.send('employee', 'GET', `/api/document?subject_user_id=${h.company.people.employee.id}`)).json<{
      results: DocumentSummary[];
    }>();
    expect(mine.results.map((d) => d.title)).toContain('Terms for Ella');
    expect((await h.send('colleague', 'GET', `/api/document/${doc.id}`)).statusCode).toBe(403);
  });
});

describe('upload abuse', () => {
  it('refuses an executable, an empty file, a missing title and foreign ids', async () => {
    expect((await h.upload('owner', { area: 'hr', title: 'Tool' }, { name: 'tool.pdf', data: windowsExecutable() })).statusCode).toBe(415);
    expect((await h.upload('owner', { area: 'hr', title: 'Empty' }, { name: 'empty.pdf', data: Buffer.alloc(0) })).statusCode).toBe(422);
    expect((await h.upload('owner', { area: 'hr' })).statusCode).toBe(422);
    expect((await h.upload('owner', { area: 'nope', title: 'x' })).statusCode).toBe(422);
    const foreign = await h.upload('owner', {
      area: 'hr',
      title: 'x',
      audience: 'departments',
      audience_ids: JSON.stringify([Object.values(h.other.departments)[0]]),
    });
    expect(foreign.statusCode).toBe(422);
    expect((await h.upload('owner', { area: 'hr', title: 'x', tag_ids: '{not json' })).statusCode).toBe(422);
    expect((await h.upload('employee', { area: 'hr', title: 'Mine' })).statusCode).toBe(403);
    const image = await h.upload('owner', { area: 'hs', title: 'Site photo' }, { name: 'site.png', data: pngImage(20, 20) });
    expect(image.statusCode).toBe(201);
    const body = multipartBody([{ name: 'title', value: 'two files' }]);
    const noFile = await h.t.app.inject({
      method: 'POST',
      url: '/api/document',
      headers: { ...bearer(await h.company.token('owner')), ...body.headers },
      payload: body.payload,
    });
    expect(noFile.statusCode).toBe(422);
  });
});

describe('fuzzing', () => {
  it('never answers 5xx to any body on any documents write', async () => {
    const known = () => [everyoneDoc.id, officeDoc.id, crypto.randomUUID(), h.company.people.employee.id, 'not-an-id'];
    const scalar = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.constantFrom('ID', '\u0000', 'a'.repeat(3000), 'data:image/png;base64,AAAA'),
    );
    const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), scalar, { maxKeys: 3 }));
    const KEYS = [
      'title',
      'audience',
      'audience_ids',
      'action',
      'tag_ids',
      'folder_id',
      'signer_ids',
      'ordering',
      'due_date',
      'consent',
      'kind',
      'image',
      'typed_name',
      'seen_sha256',
      'signed_at',
      'shown_offline',
      'reason',
      'name',
      'area',
      'document_template_file_id',
      'document_template_file_field_values',
      'user_id',
      'body',
      'free_fields',
    ];
    const body = fc.oneof(fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 8 }), fc.anything({ maxDepth: 2 }));
    const ids = known();
    const routes = [
      (i: number) => ['PUT', `/api/document/${ids[i % ids.length]}`],
      (i: number) => ['POST', `/api/document/${ids[i % ids.length]}/sign`],
      (i: number) => ['POST', `/api/document/${ids[i % ids.length]}/sign-request`],
      (i: number) => ['POST', `/api/document/${ids[i % ids.length]}/decline`],
      () => ['POST', '/api/document-preview'],
      () => ['POST', '/api/document-template'],
      () => ['POST', '/api/document-tags'],
      () => ['POST', '/api/document-folders'],
    ] as const;
    const token = await h.company.token('owner');
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.nat(), body, async (route, pick, payload) => {
        const [method, url] = routes[route % routes.length]!(pick);
        const filled = JSON.parse(
          JSON.stringify(payload ?? null, (_k, v: unknown) => (v === 'ID' ? ids[pick % ids.length] : v)) ?? 'null',
        ) as unknown;
        const res = await h.t.app.inject({ method, url, headers: bearer(token), payload: (filled ?? {}) as object });
        expect(res.statusCode, `${method} ${url} ${res.body}`).toBeLessThan(500);
      }),
      { numRuns: 50 },
    );
  });
});
