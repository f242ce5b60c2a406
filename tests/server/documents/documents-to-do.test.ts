// GET /api/document-to-do: what waits for the caller, each kind by its name and area, so the
// dashboard never calls a document to acknowledge or read one "to sign".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentDetail, DocumentToDoCounts } from '../../../src/modules/documents/documents.contract';
import { startDocumentsHarness, type DocumentsHarness } from '../../support/documents-harness';

let h: DocumentsHarness;
let toAcknowledge: DocumentDetail;
let toRead: DocumentDetail;
beforeAll(async () => {
  h = await startDocumentsHarness();
  const make = async (fields: Record<string, string>) =>
    (await h.upload('owner', { audience: 'everyone', ...fields })).json<DocumentDetail>();
  toAcknowledge = await make({ area: 'hr', title: 'Fire drill', action: 'acknowledge' });
  toRead = await make({ area: 'hs', title: 'Ladder safety', action: 'read' });
  const contract = await h.generate('employee');
  const sent = await h.send('owner', 'POST', `/api/document/${contract.id}/sign-request`, { signer_ids: [h.company.people.employee.id] });
  if (sent.statusCode !== 201) throw new Error(`sign request refused ${sent.statusCode}`);
});
afterAll(async () => h.t.close());

const counts = async (who: Parameters<DocumentsHarness['send']>[0]) => {
  const res = await h.send(who, 'GET', '/api/document-to-do');
  expect(res.statusCode).toBe(200);
  return res.json<DocumentToDoCounts>();
};

describe('documents to do', () => {
  it('counts the signer’s document to sign apart from those to acknowledge and to read', async () => {
    expect(await counts('employee')).toEqual({
      hr: { to_sign: 1, to_acknowledge: 1, to_read: 0 },
      hs: { to_sign: 0, to_acknowledge: 0, to_read: 1 },
    });
  });

  it('gives the owner, who signs nothing, nothing to sign', async () => {
    const owner = await counts('owner');
    expect(owner.hr.to_sign + owner.hs.to_sign).toBe(0);
    expect(owner.hr.to_acknowledge).toBe(1);
  });

  it('drops what the caller has acknowledged or read', async () => {
    expect((await h.send('employee', 'POST', `/api/document/${toAcknowledge.id}/acknowledge`, {})).statusCode).toBe(200);
    expect((await h.send('employee', 'POST', `/api/document/${toRead.id}/read`, {})).statusCode).toBe(200);
    const after = await counts('employee');
    expect(after.hr).toEqual({ to_sign: 1, to_acknowledge: 0, to_read: 0 });
    expect(after.hs.to_read).toBe(0);
  });

  it('is empty in another company', async () => {
    const other = await h.sendAs(h.other, 'owner', 'GET', '/api/document-to-do');
    expect(other.json<DocumentToDoCounts>().hr).toEqual({ to_sign: 0, to_acknowledge: 0, to_read: 0 });
  });
});
