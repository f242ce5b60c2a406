// The reminder job: a signer whose turn it is and who has not acted for a day is reminded once
// (bell and e-mail, a "reminded" event in the trail), and not again the same day; someone who
// has signed, or whose turn has not come, is never reminded.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../src/modules/documents/documents.contract';
import { remindSigners } from '../../../src/modules/documents/server/documents.jobs';
import { ownerSql } from '../../support/identity-fixtures';
import { startDocumentsHarness, type DocumentsHarness } from '../../support/documents-harness';

let h: DocumentsHarness;
beforeAll(async () => {
  h = await startDocumentsHarness();
});
afterAll(async () => h.t.close());

const notifications = async (userId: string) =>
  (
    await ownerSql<{ n: number }>(
      h.t,
      sql`select count(*)::int as n from notifications where user_id = ${userId} and relates_to = 'document_sign'`,
    )
  )[0]?.n ?? 0;

describe('signing reminders', () => {
  it('remind the signer whose turn it is once a day until they act', async () => {
    const document = await h.generate('employee', 'Remind me');
    await h.send('owner', 'POST', `/api/document/${document.id}/sign-request`, {
      signer_ids: [h.company.people.employee.id, h.company.people.colleague.id],
      ordering: 'sequential',
    });
    const before = { ella: await notifications(h.company.people.employee.id), colin: await notifications(h.company.people.colleague.id) };
    expect(await remindSigners(h.t.database.db)).toBe(0);

    await ownerSql(h.t, sql`update document_sign_requests set created_at = now() - interval '25 hours' where document_id = ${document.id}`);
    expect(await remindSigners(h.t.database.db)).toBe(1);
    expect(await notifications(h.company.people.employee.id)).toBe(before.ella + 1);
    expect(await notifications(h.company.people.colleague.id)).toBe(before.colin);
    expect(await remindSigners(h.t.database.db)).toBe(0);

    const trail = (await h.send('owner', 'GET', `/api/document/${document.id}/audit`)).json<AuditEntry[]>();
    expect(trail.filter((entry) => entry.event === 'reminded')).toHaveLength(1);
  });
});
