// The administrators' inbox of contact requests: status, assignment, internal notes and a reply
// that is e-mailed to the sender over real SMTP and rings their bell; filters, search and paging;
// only administrators work it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactRequest, ContactRequestDetail, ContactRequestList } from '../../../src/modules/support/support.contract';
import type { NotificationsPage } from '../../../src/shared/notifications.contract';
import { mailText } from '../../support/identity-fixtures';
import { call, startChatWorld, type ChatWorld } from '../../support/chat-fixtures';

let w: ChatWorld;
let request: ContactRequest;
const marker = `inbox-${crypto.randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  w = await startChatWorld();
  const companyId = w.employee.companyId!;
  const sent = await call(w.t, w.employee, 'POST', '/api/contact-us', {
    contact_type: 'support',
    message: `Where is my payslip? ${marker}`,
    company_id: companyId,
  });
  expect(sent.statusCode).toBe(201);
  request = sent.json<ContactRequest>();
  for (let i = 0; i < 3; i += 1) {
    await call(w.t, w.authorised, 'POST', '/api/contact-us', {
      contact_type: 'hr',
      message: `HR question ${i} ${marker}`,
      company_id: companyId,
    });
  }
}, 60_000);
afterAll(async () => w.close());

const inbox = async (query: string) => (await call(w.t, w.supportAdmin, 'GET', `/api/contact-us?${query}`)).json<ContactRequestList>();

describe('the inbox', () => {
  it('filters by status, team, assignee and words, and pages', async () => {
    expect((await inbox(`search=${marker}`)).count).toBe(4);
    expect((await inbox(`search=${marker}&contact_type=hr`)).count).toBe(3);
    const paged = await inbox(`search=${marker}&limit=2&offset=2`);
    expect(paged.results).toHaveLength(2);
    expect(paged.count).toBe(4);
    expect((await inbox(`search=${marker}&status=new`)).count).toBe(4);
    expect((await inbox(`search=${encodeURIComponent('Tester')}&contact_type=support`)).results.some((r) => r.id === request.id)).toBe(
      true,
    );
    // LIKE's own characters are words like any other.
    expect((await inbox('search=%25%25%25_')).count).toBe(0);
  });

  it('changes status and assignee, keeps internal notes, and refuses an assignee who is not an administrator', async () => {
    const url = `/api/contact-us/${request.id}`;
    const assigned = await call(w.t, w.supportAdmin, 'PUT', url, { status: 'in_progress', assigned_to: w.hrAdmin.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json<ContactRequestDetail>()).toMatchObject({
      status: 'in_progress',
      assigned_to: w.hrAdmin.id,
      assigned_name: 'Hana Tester',
    });
    expect((await inbox(`search=${marker}&assigned_to=${w.hrAdmin.id}`)).results.map((r) => r.id)).toEqual([request.id]);
    expect((await inbox(`search=${marker}&assigned_to=none`)).count).toBe(3);
    expect((await call(w.t, w.supportAdmin, 'PUT', url, { assigned_to: w.employee.id })).statusCode).toBe(422);

    const noted = await call(w.t, w.supportAdmin, 'POST', `${url}/notes`, { body: 'Payslips are under Documents.' });
    expect(noted.statusCode).toBe(201);
    expect(noted.json<ContactRequestDetail>().entries).toMatchObject([
      { kind: 'note', body: 'Payslips are under Documents.', author_name: 'Sam Tester' },
    ]);

    const handled = await call(w.t, w.supportAdmin, 'PUT', url, { status: 'handled' });
    expect(handled.json<ContactRequestDetail>().handled_at).not.toBeNull();
    expect((await call(w.t, w.supportAdmin, 'PUT', url, { status: 'new' })).json<ContactRequestDetail>().handled_at).toBeNull();
  });

  it('e-mails a reply to the sender and rings their bell, never showing them the notes', async () => {
    const replied = await call(w.t, w.supportAdmin, 'POST', `/api/contact-us/${request.id}/replies`, {
      body: 'Open Documents, then Payslips.',
    });
    expect(replied.statusCode, replied.body).toBe(201);
    expect(replied.json<ContactRequestDetail>().entries.at(-1)).toMatchObject({ kind: 'reply', body: 'Open Documents, then Payslips.' });
    const mail = mailText((await w.sink.waitFor({ to: w.employee.email })).raw);
    expect(mail).toContain('Open Documents, then Payslips.');
    expect(mail).toContain(`Where is my payslip? ${marker}`);
    expect(mail).not.toContain('Payslips are under Documents.');
    const bell = (await call(w.t, w.employee, 'GET', '/api/notifications')).json<NotificationsPage>();
    expect(bell.results[0]?.description).toContain('Open Documents, then Payslips.');
  });

  it('is for administrators only: company users, owners included, are refused every read and write', async () => {
    const url = `/api/contact-us/${request.id}`;
    for (const who of [w.employee, w.authorised, w.otherCompanyEmployee]) {
      expect((await call(w.t, who, 'GET', url)).statusCode).toBe(403);
      expect((await call(w.t, who, 'PUT', url, { status: 'handled' })).statusCode).toBe(403);
      expect((await call(w.t, who, 'POST', `${url}/replies`, { body: 'x' })).statusCode).toBe(403);
      expect((await call(w.t, who, 'POST', `${url}/notes`, { body: 'x' })).statusCode).toBe(403);
    }
    expect((await call(w.t, w.supportAdmin, 'GET', `/api/contact-us/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });
});
