// Templates whose wording says who signs: a document made from one proposes every party its
// wording names as a signer — someone for the company (whoever made it) and the person it is
// about — in the order it names them, for every starter template and for a company's own; a
// template that claims no signature proposes nobody. A new starter template is held to it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentDetail, DocumentTemplate } from '../../../src/modules/documents/documents.contract';
import { STARTER_TEMPLATES } from '../../../src/modules/documents/server/starter-templates';
import { startDocumentsHarness, type DocumentsHarness } from '../../support/documents-harness';

let h: DocumentsHarness;
beforeAll(async () => {
  h = await startDocumentsHarness();
});
afterAll(async () => h.t.close());

/**
 * Read as a person reads the wording, apart from the product's own reading: each line that
 * speaks of signing, and whom it names — the company (its name, "company", "employer", "on
 * behalf of") or the person (their name, "employee").
 */
function partiesClaimed(body: string): ('company' | 'employee')[] {
  const claimed: ('company' | 'employee')[] = [];
  for (const line of body.split('\n').filter((text) => /sign/i.test(text))) {
    const named = [
      { party: 'company' as const, at: line.search(/\{\{\s*company_name\s*\}\}|company|employer|on behalf of/i) },
      { party: 'employee' as const, at: line.search(/\{\{\s*employee_(first_)?name\s*\}\}|employee/i) },
    ];
    for (const { party } of named.filter((entry) => entry.at >= 0).sort((a, b) => a.at - b.at)) {
      if (!claimed.includes(party)) claimed.push(party);
    }
  }
  return claimed;
}

async function templates(): Promise<DocumentTemplate[]> {
  return (await h.send('owner', 'GET', '/api/document-template')).json<{ results: DocumentTemplate[] }>().results;
}

async function makeFrom(template: DocumentTemplate, action: 'sign' | 'read' = 'sign'): Promise<DocumentDetail> {
  const res = await h.send('owner', 'POST', `/api/document-template/${template.id}/generate`, {
    user_id: h.company.people.employee.id,
    title: `${template.name} - Ella`,
    action,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<DocumentDetail>();
}

describe('who a template says signs is who its document asks', () => {
  it('holds for every starter template: each party its wording names is in the signing order, in the order it names them', async () => {
    const company = await templates();
    const owner = h.company.people.owner.id;
    const employee = h.company.people.employee.id;
    for (const starter of STARTER_TEMPLATES) {
      const template = company.find((row) => row.starter && row.name === starter.name);
      if (!template) throw new Error(`the company has no ${starter.name}`);
      const claimed = partiesClaimed(starter.body);
      // The library's templates all end with a signatures section naming both.
      expect([...claimed].sort(), starter.name).toEqual(['company', 'employee']);
      const document = await makeFrom(template);
      // In the order the wording names them, the company's signer being whoever made it.
      expect(document.signing_order, starter.name).toEqual(
        claimed.map((party) => ({ party, user_id: party === 'company' ? owner : employee })),
      );
    }
  });

  it('sends the proposed order as it stands: the company’s signer signs first, then the person', async () => {
    const probation = (await templates()).find((row) => row.name === 'Probation outcome');
    if (!probation) throw new Error('no Probation outcome template');
    const document = await makeFrom(probation);
    const sent = await h.send('owner', 'POST', `/api/document/${document.id}/sign-request`, {
      signer_ids: document.signing_order.map((entry) => entry.user_id),
      ordering: 'sequential',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const signers = sent.json<DocumentDetail>().sign_request?.signers ?? [];
    expect(signers.map((signer) => [signer.user_id, signer.status])).toEqual([
      [h.company.people.owner.id, 'pending'],
      [h.company.people.employee.id, 'waiting'],
    ]);
  });

  it('reads a company’s own template the same way, and proposes nobody where the wording claims no signature', async () => {
    const own = async (name: string, body: string) => {
      const res = await h.send('owner', 'POST', '/api/document-template', { area: 'hr', name, body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<DocumentTemplate>();
    };
    const countersigned = await own('Bonus letter', 'Your bonus is agreed.\n\nSigned on behalf of {{company_name}} by a director.');
    expect(partiesClaimed(countersigned.body)).toEqual(['company']);
    expect((await makeFrom(countersigned)).signing_order).toEqual([{ party: 'company', user_id: h.company.people.owner.id }]);

    const employeeFirst = await own('Equipment receipt', 'I, {{employee_name}}, sign for the laptop.\nCountersigned by the employer.');
    expect((await makeFrom(employeeFirst)).signing_order.map((entry) => entry.party)).toEqual(['employee', 'company']);

    const notice = await own('Parking notice', 'The car park closes at 7pm from Monday.');
    expect(partiesClaimed(notice.body)).toEqual([]);
    expect((await makeFrom(notice)).signing_order).toEqual([]);
    // A document made to be read asks nobody to sign, whatever its template says.
    expect((await makeFrom(countersigned, 'read')).signing_order).toEqual([]);
  });

  it('deletes a company’s own template once; another company cannot delete it', async () => {
    const made = await h.send('owner', 'POST', '/api/document-template', { area: 'hr', name: 'Old rota letter', body: 'Your rota.' });
    const { id } = made.json<DocumentTemplate>();
    expect((await h.sendAs(h.other, 'owner', 'DELETE', `/api/document-template/${id}`)).statusCode).toBe(404);
    expect((await templates()).map((row) => row.id)).toContain(id);
    const deleted = await h.send('owner', 'DELETE', `/api/document-template/${id}`);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect((await templates()).map((row) => row.id)).not.toContain(id);
    expect((await h.send('owner', 'DELETE', `/api/document-template/${id}`)).statusCode).toBe(404);
  });
});
