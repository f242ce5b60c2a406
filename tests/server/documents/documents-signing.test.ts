// Signing end to end through the API: order, the evidence trail, the sealed final PDF (its
// digital signature over the whole file, broken by one changed byte), the certificate page's
// hashes, decline, void, and a signature made offline that lands once or needs attention.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONSENT_LINE,
  DOCUMENT_CHANGED_MESSAGE,
  SHOWN_OFFLINE_DETAIL,
  signedOnDeviceDetail,
  type AuditEntry,
  type DocumentDetail,
  type DocumentSummary,
} from '../../../src/modules/documents/documents.contract';
import { verifySealedPdf } from '../../../src/modules/documents/server/pdf-seal';
import { extractPdfText } from '../../../src/modules/documents/server/pdf-text';
import { bearer } from '../../support/identity-fixtures';
import { SIGNATURE_PNG, sha256, startDocumentsHarness, type DocumentsHarness } from '../../support/documents-harness';
import { multipartBody, pdfDocument } from '../../support/upload-fixtures';

let h: DocumentsHarness;
beforeAll(async () => {
  h = await startDocumentsHarness();
});
afterAll(async () => h.t.close());

const sign = (who: 'employee' | 'colleague' | 'manager', id: string, seen: string, extra: object = {}, headers?: Record<string, string>) =>
  h.send(
    who,
    'POST',
    `/api/document/${id}/sign`,
    { consent: true, kind: 'drawn', image: SIGNATURE_PNG, seen_sha256: seen, ...extra },
    headers,
  );

describe('a signing request in order', () => {
  let document: DocumentDetail;
  let shown: string;

  it('asks the first signer only, and the second waits their turn', async () => {
    document = await h.generate('employee');
    const sent = await h.send('owner', 'POST', `/api/document/${document.id}/sign-request`, {
      signer_ids: [h.company.people.employee.id, h.company.people.colleague.id],
      ordering: 'sequential',
      message: 'Please sign your terms',
      due_date: '2030-01-31',
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json<DocumentDetail>().sign_request?.signers.map((s) => s.status)).toEqual(['pending', 'waiting']);
    const counts = await h.send('employee', 'GET', '/api/pending-count');
    expect(counts.json<{ document: number }>().document).toBe(1);
    const early = await sign('colleague', document.id, document.version.sha256);
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toMatch(/not your turn/);
  });

  it('records what the signer was shown, and refuses a signature without consent', async () => {
    const file = await h.send('employee', 'GET', `/api/document/${document.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toContain('no-store');
    shown = sha256(file.rawPayload);
    expect(shown).toBe(document.version.sha256);
    const noConsent = await sign('employee', document.id, shown, { consent: false });
    expect(noConsent.statusCode).toBe(422);
  });

  it('lands an offline signature once: the replay with the same key answers the same', async () => {
    const key = { 'idempotency-key': '3f0b8c1e-2a4d-4c6e-8f10-2b3c4d5e6f70' };
    const first = await sign('employee', document.id, shown, {}, key);
    expect(first.statusCode).toBe(200);
    const replay = await sign('employee', document.id, shown, {}, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json<DocumentDetail>().sign_request?.signers[0]?.status).toBe('signed');
    const again = await sign('employee', document.id, shown);
    expect(again.statusCode).toBe(409);
    const trail = (await h.send('owner', 'GET', `/api/document/${document.id}/audit`)).json<AuditEntry[]>();
    expect(trail.filter((entry) => entry.event === 'signed')).toHaveLength(1);
  });

  it('completes after the second signer and serves a sealed PDF whose hashes match the trail', async () => {
    const typed = await sign('colleague', document.id, shown, { kind: 'typed', image: undefined, typed_name: 'Colin Cole' });
    expect(typed.statusCode).toBe(200);
    expect(typed.json<DocumentDetail>().sign_request?.status).toBe('completed');

    const final = await h.send('owner', 'GET', `/api/document/${document.id}/signed-file`);
    expect(final.statusCode).toBe(200);
    const pdf = Buffer.from(final.rawPayload);
    const check = verifySealedPdf(pdf);
    expect(check).toMatchObject({ valid: true, coversWholeFile: true });

    const tampered = Buffer.from(pdf);
    const at = Math.floor(pdf.length / 3);
    tampered[at] = (tampered[at] ?? 0) ^ 0x01;
    expect(verifySealedPdf(tampered).valid).toBe(false);

    const trail = (await h.send('owner', 'GET', `/api/document/${document.id}/audit`)).json<AuditEntry[]>();
    expect(trail.map((entry) => entry.event)).toEqual(
      expect.arrayContaining(['created', 'sent', 'viewed', 'consented', 'signed', 'completed', 'downloaded']),
    );
    const completed = trail.find((entry) => entry.event === 'completed');
    expect(completed?.sha256).toBe(sha256(pdf));
    expect(trail.find((entry) => entry.event === 'viewed')?.sha256).toBe(shown);
    expect(trail.find((entry) => entry.event === 'consented')?.ip).toBeTruthy();
    expect(JSON.stringify(trail)).toContain(CONSENT_LINE.slice(0, 30));

    const text = (await extractPdfText(pdf)).replace(/\s+/g, '');
    expect(text).toContain('Certificateofcompletion');
    expect(text).toContain(shown);
    // The certificate prints the hash of the signed pages (the file before its certificate and seal), as the trail keeps it.
    const signedPages = /signed pages ([0-9a-f]{64})/.exec(completed?.detail ?? '')?.[1];
    expect(signedPages).toMatch(/^[0-9a-f]{64}$/);
    expect(text).toContain(signedPages);
  });
});

describe('decline and void', () => {
  it('a decline needs a reason and ends the request; the owner is told', async () => {
    const document = await h.generate('employee', 'Decline me');
    await h.send('owner', 'POST', `/api/document/${document.id}/sign-request`, {
      signer_ids: [h.company.people.employee.id],
      ordering: 'parallel',
    });
    expect((await h.send('employee', 'POST', `/api/document/${document.id}/decline`, {})).statusCode).toBe(422);
    const declined = await h.send('employee', 'POST', `/api/document/${document.id}/decline`, { reason: 'My start date is wrong' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json<DocumentDetail>().sign_request).toMatchObject({ status: 'declined' });
    expect((await sign('employee', document.id, document.version.sha256)).statusCode).toBe(409);
  });

  it('the owner voids a request; only the owner may', async () => {
    const document = await h.generate('employee', 'Void me');
    await h.send('owner', 'POST', `/api/document/${document.id}/sign-request`, { signer_ids: [h.company.people.employee.id] });
    expect((await h.send('employee', 'POST', `/api/document/${document.id}/void`, { reason: 'no' })).statusCode).toBe(403);
    const voided = await h.send('owner', 'POST', `/api/document/${document.id}/void`, { reason: 'Sent by mistake' });
    expect(voided.json<DocumentDetail>().sign_request).toMatchObject({ status: 'voided', void_reason: 'Sent by mistake' });
    expect((await sign('employee', document.id, document.version.sha256)).statusCode).toBe(409);
  });

  it('a signature of a version that changed meanwhile is refused with the clear message', async () => {
    const document = await h.generate('employee', 'Changes underneath');
    await h.send('owner', 'POST', `/api/document/${document.id}/sign-request`, { signer_ids: [h.company.people.employee.id] });
    const seen = sha256((await h.send('employee', 'GET', `/api/document/${document.id}/file`)).rawPayload);
    // While the signer is offline a new version arrives (ending the old request) and is sent to sign.
    const body = multipartBody([{ name: 'file', filename: 'v2.pdf', contentType: 'application/pdf', data: pdfDocument('New wording') }]);
    const version = await h.t.app.inject({
      method: 'POST',
      url: `/api/document/${document.id}/version`,
      headers: { ...bearer(await h.company.token('owner')), ...body.headers },
      payload: body.payload,
    });
    expect(version.json<DocumentDetail>().versions.map((v) => v.number)).toEqual([2, 1]);
    expect(version.json<DocumentDetail>().sign_request?.status).toBe('voided');
    await h.send('owner', 'POST', `/api/document/${document.id}/sign-request`, { signer_ids: [h.company.people.employee.id] });
    const stale = await sign('employee', document.id, seen);
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toBe(DOCUMENT_CHANGED_MESSAGE);
  });
});

describe('a signature made offline', () => {
  const trailOf = async (id: string) => (await h.send('owner', 'GET', `/api/document/${id}/audit`)).json<AuditEntry[]>();

  it('the copy kept ahead is not "viewed"; the signature lands once with the device time and the time it arrived', async () => {
    const document = await h.generate('employee', 'Signed on site');
    await h.send('owner', 'POST', `/api/document/${document.id}/sign-request`, { signer_ids: [h.company.people.employee.id] });
    // The phone lists what waits for its signature (the query string sends the filter as a list).
    const toDo = await h.send('employee', 'GET', '/api/document?status[]=to_do&limit=50');
    expect(toDo.statusCode).toBe(200);
    expect(toDo.json<{ results: DocumentSummary[] }>().results.find((d) => d.id === document.id)?.my_status).toBe('to_sign');
    const kept = await h.send('employee', 'GET', `/api/document/${document.id}/file?version=${document.version.id}&ahead=1`);
    expect(kept.statusCode).toBe(200);
    expect((await trailOf(document.id)).map((entry) => entry.event)).not.toContain('viewed');

    const signedAt = new Date(Date.now() - 25 * 60_000).toISOString();
    const key = { 'idempotency-key': '5a1e2f3c-4b5d-4e6f-8a7b-9c0d1e2f3a4b' };
    const offline = { signed_at: signedAt, shown_offline: true };
    const first = await sign('employee', document.id, sha256(kept.rawPayload), offline, key);
    expect(first.statusCode).toBe(200);
    expect(first.json<DocumentDetail>().sign_request?.status).toBe('completed');
    const replay = await sign('employee', document.id, sha256(kept.rawPayload), offline, key);
    expect(replay.statusCode).toBe(200);

    const trail = await trailOf(document.id);
    const signed = trail.filter((entry) => entry.event === 'signed');
    expect(signed).toHaveLength(1);
    const received = /received at (\S+)$/.exec(signed[0]?.detail ?? '')?.[1] ?? '';
    expect(signed[0]?.detail).toBe(signedOnDeviceDetail('drawn', signedAt, new Date(received)));
    expect(Math.abs(new Date(received).getTime() - new Date(signed[0]!.at).getTime())).toBeLessThan(5_000);
    expect(trail.find((entry) => entry.event === 'viewed')).toMatchObject({
      detail: SHOWN_OFFLINE_DETAIL,
      sha256: document.version.sha256,
    });
  });

  it('a signature of a version replaced before it synced is refused and leaves nothing behind', async () => {
    const document = await h.generate('employee', 'Replaced on site');
    await h.send('owner', 'POST', `/api/document/${document.id}/sign-request`, { signer_ids: [h.company.people.employee.id] });
    const body = multipartBody([{ name: 'file', filename: 'v2.pdf', contentType: 'application/pdf', data: pdfDocument('Site rules v2') }]);
    await h.t.app.inject({
      method: 'POST',
      url: `/api/document/${document.id}/version`,
      headers: { ...bearer(await h.company.token('owner')), ...body.headers },
      payload: body.payload,
    });
    // Replaced but not sent again, then sent again: refused both times with the same words.
    const offline = { signed_at: new Date().toISOString(), shown_offline: true };
    const unsent = await sign('employee', document.id, document.version.sha256, offline);
    expect(unsent.json<{ message: string }>().message).toBe(DOCUMENT_CHANGED_MESSAGE);
    await h.send('owner', 'POST', `/api/document/${document.id}/sign-request`, { signer_ids: [h.company.people.employee.id] });
    const before = await trailOf(document.id);
    const stale = await sign('employee', document.id, document.version.sha256, offline, {
      'idempotency-key': '6b2f3a4d-5c6e-4f7a-8b9c-0d1e2f3a4b5c',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toBe(DOCUMENT_CHANGED_MESSAGE);
    expect(await trailOf(document.id)).toEqual(before);
    const now = (await h.send('employee', 'GET', `/api/document/${document.id}`)).json<DocumentDetail>();
    expect(now).toMatchObject({ can_sign: true, my_status: 'to_sign' });
    expect(now.sign_request?.signers[0]).toMatchObject({ status: 'pending', signed_at: null });
    expect((await h.send('employee', 'GET', '/api/pending-count')).json<{ document: number }>().document).toBeGreaterThan(0);
  });
});
