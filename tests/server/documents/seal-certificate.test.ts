// The company's own seal certificate: uploaded as a PKCS#12 file with its passphrase, checked
// before it is kept (a wrong passphrase, another kind of file or an expired certificate is a
// 422 and changes nothing), used to seal the next completed document, reset to a generated one;
// only those who manage documents may see or change it, and only their own company's; a body cut
// off or without a boundary is a 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentDetail, SealCertificateInfo } from '../../../src/modules/documents/documents.contract';
import { generateSealCertificate, verifySealedPdf } from '../../../src/modules/documents/server/pdf-seal';
import { SIGNATURE_PNG, startDocumentsHarness, type DocumentsHarness } from '../../support/documents-harness';
import { bearer } from '../../support/identity-fixtures';
import { multipartBody, pdfDocument } from '../../support/upload-fixtures';

let h: DocumentsHarness;
beforeAll(async () => {
  h = await startDocumentsHarness();
});
afterAll(async () => h.t.close());

const upload = async (who: 'owner' | 'employee', file: Buffer, passphrase: string) => {
  const { payload, headers } = multipartBody([
    { name: 'passphrase', value: passphrase },
    { name: 'file', filename: 'seal.p12', data: file, contentType: 'application/x-pkcs12' },
  ]);
  return h.t.app.inject({
    method: 'PUT',
    url: '/api/document-seal-certificate',
    payload,
    headers: { ...headers, ...bearer(await h.company.token(who)) },
  });
};

describe('the seal certificate', () => {
  const own = generateSealCertificate({ companyName: 'Acme Trust Services', passphrase: 'correct horse' });

  it('is for those who manage documents only', async () => {
    expect((await h.send('employee', 'GET', '/api/document-seal-certificate')).statusCode).toBe(403);
    expect((await upload('employee', own.p12, own.passphrase)).statusCode).toBe(403);
  });

  it('refuses a wrong passphrase or another kind of file, keeping what there was', async () => {
    const before = (await h.send('owner', 'GET', '/api/document-seal-certificate')).json<SealCertificateInfo | null>();
    const wrong = await upload('owner', own.p12, 'not the passphrase');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<{ errors: Record<string, string[]> }>().errors.file?.[0]).toMatch(/could not be opened/);
    expect((await upload('owner', pdfDocument(), '')).statusCode).toBe(422);
    expect((await h.send('owner', 'GET', '/api/document-seal-certificate')).json()).toEqual(before);
  });

  it("seals the next completed document with the company's own certificate, and can go back to a generated one", async () => {
    const saved = await upload('owner', own.p12, own.passphrase);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<SealCertificateInfo>()).toMatchObject({
      subject: expect.stringContaining('CN=Acme Trust Services document seal'),
      generated: true,
    });
    const shown = (await h.send('owner', 'GET', '/api/document-seal-certificate')).json<SealCertificateInfo>();
    expect(shown.subject).toContain('Acme Trust Services');

    const document: DocumentDetail = await h.generate('employee');
    expect(
      (
        await h.send('owner', 'POST', `/api/document/${document.id}/sign-request`, {
          signer_ids: [h.company.people.employee.id],
          ordering: 'parallel',
          message: '',
        })
      ).statusCode,
    ).toBe(201);
    const signed = await h.send('employee', 'POST', `/api/document/${document.id}/sign`, {
      consent: true,
      kind: 'drawn',
      image: SIGNATURE_PNG,
      seen_sha256: document.version.sha256,
    });
    expect(signed.json<DocumentDetail>().sign_request?.status).toBe('completed');
    const final = await h.send('owner', 'GET', `/api/document/${document.id}/signed-file`);
    const check = verifySealedPdf(Buffer.from(final.rawPayload));
    expect(check).toMatchObject({ valid: true, coversWholeFile: true });
    expect(check.signerName).toContain('Acme Trust Services');

    expect((await h.send('owner', 'DELETE', '/api/document-seal-certificate')).statusCode).toBe(204);
    expect((await h.send('owner', 'GET', '/api/document-seal-certificate')).json()).toBeNull();
  });
});

describe('a malformed upload', () => {
  const own = generateSealCertificate({ companyName: 'Acme Trust Services', passphrase: 'correct horse' });
  const send = async (url: string, method: 'PUT' | 'POST', payload: Buffer, contentType: string) =>
    h.t.app.inject({ method, url, payload, headers: { 'content-type': contentType, ...bearer(await h.company.token('owner')) } });

  it('is a 400, as it is to POST /api/document: a body cut off part-way, or one without a boundary', async () => {
    const { payload, headers } = multipartBody([
      { name: 'passphrase', value: own.passphrase },
      { name: 'file', filename: 'seal.p12', data: own.p12, contentType: 'application/x-pkcs12' },
    ]);
    const cut = payload.subarray(0, payload.length - 200);
    for (const [url, method] of [
      ['/api/document-seal-certificate', 'PUT'],
      ['/api/document', 'POST'],
    ] as const) {
      const truncated = await send(url, method, cut, headers['content-type']!);
      expect(truncated.statusCode, `${method} ${url} cut off: ${truncated.body}`).toBe(400);
      const unbounded = await send(url, method, payload, 'multipart/form-data');
      expect(unbounded.statusCode, `${method} ${url} without a boundary: ${unbounded.body}`).toBe(400);
    }
    expect((await h.send('owner', 'GET', '/api/document-seal-certificate')).statusCode).toBe(200);
  });
});
