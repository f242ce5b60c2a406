// Helpers of the documents suites: a company (the leave fixture's people) with a second
// company beside it, uploads, documents made from templates, and signing calls.
import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { DocumentDetail } from '../../src/modules/documents/documents.contract';
import { bearer } from './identity-fixtures';
import { addLeaveCompany, type LeaveCompany, type LeavePerson } from './leave-fixtures';
import { createTestApp, type TestApp } from './test-app';
import { multipartBody, pdfDocument } from './upload-fixtures';

export type DocumentsHarness = {
  t: TestApp;
  company: LeaveCompany;
  other: LeaveCompany;
  send: (
    who: LeavePerson,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers?: Record<string, string>,
  ) => Promise<LightMyRequestResponse>;
  sendAs: (
    company: LeaveCompany,
    who: LeavePerson,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => Promise<LightMyRequestResponse>;
  upload: (who: LeavePerson, fields: Record<string, string>, file?: { name: string; data: Buffer }) => Promise<LightMyRequestResponse>;
  /** A document made from the starter statement of main terms for `person`. */
  generate: (person: LeavePerson, title?: string) => Promise<DocumentDetail>;
  templateId: (key: string) => Promise<string>;
};

export const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A small real signature drawing: a PNG of a few pixels. */
export const SIGNATURE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAYAAADED76LAAAAEUlEQVR4nGNgYGD4TwCPBAUAgkg/weiby3kAAAAASUVORK5CYII=';

export async function startDocumentsHarness(): Promise<DocumentsHarness> {
  const t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  const company = await addLeaveCompany(t, { assignPolicy: false });
  const other = await addLeaveCompany(t, { name: 'Other Ltd', assignPolicy: false });
  const sendAs = async (
    c: LeaveCompany,
    who: LeavePerson,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => t.app.inject({ method, url, headers: { ...bearer(await c.token(who)), ...headers }, ...(payload ? { payload } : {}) });
  const send = (
    who: LeavePerson,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers?: Record<string, string>,
  ) => sendAs(company, who, method, url, payload, headers);
  const upload = async (
    who: LeavePerson,
    fields: Record<string, string>,
    file = { name: 'policy.pdf', data: pdfDocument('Searchable lorry policy') },
  ) => {
    const body = multipartBody([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      { name: 'file', filename: file.name, contentType: 'application/pdf', data: file.data },
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/document',
      headers: { ...bearer(await company.token(who)), ...body.headers },
      payload: body.payload,
    });
  };
  const templateId = async (key: string) => {
    const res = await send('owner', 'GET', '/api/document-template');
    const found = res.json<{ results: { id: string; name: string; starter: boolean }[] }>().results;
    const names: Record<string, string> = { main_terms: 'Statement of main terms of employment', offer_letter: 'Offer letter' };
    const template = found.find((row) => row.name === names[key]);
    if (!template) throw new Error(`no template ${key}`);
    return template.id;
  };
  const generate = async (person: LeavePerson, title = 'Statement of main terms') => {
    const res = await send('owner', 'POST', `/api/document-template/${await templateId('main_terms')}/generate`, {
      user_id: company.people[person].id,
      title,
      document_template_file_field_values: { notice_period: 'one month', place_of_work: 'Leeds' },
    });
    if (res.statusCode !== 201) throw new Error(`generate refused: ${res.statusCode} ${res.body}`);
    return res.json<DocumentDetail>();
  };
  return { t, company, other, send, sendAs, upload, generate, templateId };
}
