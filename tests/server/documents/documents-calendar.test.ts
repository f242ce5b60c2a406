// A signing request's due date on the calendar: each signer who still has to sign sees "Sign: …"
// (in turn or not yet), whoever asked sees "Signatures due: …", nobody else sees it, and it goes
// once the request is voided.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarAnswer } from '../../../src/shared/calendar.contract';
import type { LeavePerson } from '../../support/leave-fixtures';
import { startDocumentsHarness, type DocumentsHarness } from '../../support/documents-harness';

let h: DocumentsHarness;
beforeAll(async () => {
  h = await startDocumentsHarness();
});
afterAll(async () => h.t.close());

const DUE = '2030-02-14';
const signaturesOn = async (who: LeavePerson) => {
  const res = await h.send(who, 'GET', '/api/calendar-events?from=2030-02-10&to=2030-02-16&kind=signature');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CalendarAnswer>().entries.map((entry) => ({ title: entry.title, date: entry.start_date, href: entry.href }));
};

describe('signatures due on the calendar', () => {
  it('shows the due date to the signers and to whoever asked, to nobody else, until the request ends', async () => {
    const document = await h.generate('employee', 'Contract for Valentine');
    const sent = await h.send('owner', 'POST', `/api/document/${document.id}/sign-request`, {
      signer_ids: [h.company.people.employee.id, h.company.people.colleague.id],
      ordering: 'sequential',
      due_date: DUE,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const href = `/document/${document.id}`;

    expect(await signaturesOn('employee')).toEqual([{ title: 'Sign: Contract for Valentine', date: DUE, href }]);
    expect(await signaturesOn('colleague')).toEqual([{ title: 'Sign: Contract for Valentine', date: DUE, href }]);
    expect(await signaturesOn('owner')).toEqual([{ title: 'Signatures due: Contract for Valentine', date: DUE, href }]);
    expect(await signaturesOn('office')).toEqual([]);

    const voided = await h.send('owner', 'POST', `/api/document/${document.id}/void`, { reason: 'Wrong start date' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await signaturesOn('employee')).toEqual([]);
    expect(await signaturesOn('owner')).toEqual([]);
  });
});
