// The permission and tenant matrix of the documents routes: each route called by the owner,
// the HR admin, a manager and an employee of Operations, an employee of Office, a docs-only
// user and another company's owner, with the status each must get.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentDetail } from '../../../src/modules/documents/documents.contract';
import { addUser, bearer, inCompany, signIn } from '../../support/identity-fixtures';
import { startDocumentsHarness, type DocumentsHarness } from '../../support/documents-harness';

type Caller = 'owner' | 'hr' | 'manager' | 'employee' | 'office' | 'docs' | 'otherOwner';
type Row = {
  route: string;
  method: 'GET' | 'POST' | 'PUT';
  url: () => string;
  payload?: (caller: Caller) => object;
  expect: Record<Caller, number>;
};

let h: DocumentsHarness;
let doc: DocumentDetail;
let template: string;
let docsToken: string;
beforeAll(async () => {
  h = await startDocumentsHarness();
  const res = await h.upload('owner', {
    area: 'hr',
    title: 'Office only',
    audience: 'departments',
    audience_ids: JSON.stringify([h.company.departments.Office]),
  });
  doc = res.json<DocumentDetail>();
  template = await h.templateId('offer_letter');
  const docs = await addUser(h.t, { company: inCompany(h.company, 'Docs only'), departmentId: h.company.departments.Office ?? null });
  docsToken = await signIn(h.t, docs);
});
afterAll(async () => h.t.close());

const row = (owner: number, hr: number, manager: number, employee: number, office: number, docs: number, otherOwner: number) => ({
  owner,
  hr,
  manager,
  employee,
  office,
  docs,
  otherOwner,
});

const MATRIX: Row[] = [
  { route: 'GET /api/document', method: 'GET', url: () => '/api/document', expect: row(200, 200, 200, 200, 200, 200, 200) },
  { route: 'GET /api/document/:id', method: 'GET', url: () => `/api/document/${doc.id}`, expect: row(200, 200, 403, 403, 200, 200, 404) },
  {
    route: 'GET /api/document/:id/file',
    method: 'GET',
    url: () => `/api/document/${doc.id}/file`,
    expect: row(200, 200, 403, 403, 200, 200, 404),
  },
  {
    route: 'GET /api/document/:id/audit',
    method: 'GET',
    url: () => `/api/document/${doc.id}/audit`,
    expect: row(200, 200, 403, 403, 403, 403, 404),
  },
  {
    route: 'PUT /api/document/:id',
    method: 'PUT',
    url: () => `/api/document/${doc.id}`,
    payload: () => ({ title: 'Office only', audience: 'departments', audience_ids: [h.company.departments.Office] }),
    expect: row(200, 200, 403, 403, 403, 403, 404),
  },
  {
    route: 'POST /api/document/:id/sign-request',
    method: 'POST',
    url: () => `/api/document/${doc.id}/sign-request`,
    payload: () => ({ signer_ids: [] }),
    expect: row(422, 422, 403, 403, 403, 403, 422),
  },
  {
    route: 'POST /api/document/:id/acknowledge',
    method: 'POST',
    url: () => `/api/document/${doc.id}/acknowledge`,
    payload: () => ({}),
    expect: row(422, 422, 403, 403, 422, 422, 404),
  },
  { route: 'GET /api/document-tags', method: 'GET', url: () => '/api/document-tags', expect: row(200, 200, 200, 200, 200, 200, 200) },
  {
    route: 'POST /api/document-tags',
    method: 'POST',
    url: () => '/api/document-tags',
    payload: (c) => ({ name: `Tag of ${c}` }),
    expect: row(201, 201, 403, 403, 403, 403, 201),
  },
  {
    route: 'POST /api/document-folders',
    method: 'POST',
    url: () => '/api/document-folders',
    payload: (c) => ({ name: `Folder of ${c}`, area: 'hs' }),
    expect: row(201, 201, 403, 403, 403, 403, 201),
  },
  {
    route: 'GET /api/document-template',
    method: 'GET',
    url: () => '/api/document-template',
    expect: row(200, 200, 403, 403, 403, 403, 200),
  },
  {
    route: 'POST /api/document-preview',
    method: 'POST',
    url: () => '/api/document-preview',
    payload: () => ({ document_template_file_id: template }),
    expect: row(200, 200, 403, 403, 403, 403, 422),
  },
];

describe('the documents matrix', () => {
  for (const entry of MATRIX) {
    it(entry.route, async () => {
      for (const caller of Object.keys(entry.expect) as Caller[]) {
        const token =
          caller === 'docs' ? docsToken : caller === 'otherOwner' ? await h.other.token('owner') : await h.company.token(caller);
        const res = await h.t.app.inject({
          method: entry.method,
          url: entry.url(),
          headers: bearer(token),
          ...(entry.payload ? { payload: entry.payload(caller) } : {}),
        });
        expect(res.statusCode, `${caller}: ${res.body.slice(0, 200)}`).toBe(entry.expect[caller]);
        if (caller === 'otherOwner') expect(res.body).not.toContain('Office only');
      }
    });
  }
});
