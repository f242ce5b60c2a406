// Deciding on absences: who may approve (line managers, department and company scope, never
// one's own unless company-wide), decline needs a reason, who is asked (to-do and e-mail),
// the badge counts, and bulk approval all or nothing.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AbsenceDetail } from '../../../src/modules/leave/absences.contract';
import { leaveMessages } from '../../../src/modules/leave/leave.contract';
import { ownerSql } from '../../support/identity-fixtures';
import { addLeaveCompany } from '../../support/leave-fixtures';
import { annualBalance, harnessFor, pendingCount, startHarness, type Harness } from '../../support/leave-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h.t.close());

const messageOf = (res: { json: <T>() => T }) => res.json<{ message: string }>().message;

describe('who may approve', () => {
  it('refuses a manager of another department and the person themselves; the line manager approves and the balance moves', async () => {
    const request = await h.book('employee', { start_date: '2029-03-05', end_date: '2029-03-07' });
    const before = await annualBalance(h, 'employee', '2029-03-05');

    const other = await h.act('otherManager', request.id, 'approve');
    expect(other.statusCode).toBe(403);
    const own = await h.act('employee', request.id, 'approve');
    expect(own.statusCode).toBe(403);
    expect(messageOf(own)).toBe(leaveMessages.cannotApproveOwn);

    const approved = await h.act('manager', request.id, 'approve', { note: 'Enjoy' });
    expect(approved.statusCode).toBe(200);
    const detail = approved.json<AbsenceDetail>();
    expect(detail.status).toBe('approved');
    expect(detail.decided_by_name).toBe('Marta Manning');
    expect(detail.events.map((event) => [event.action, event.note])).toEqual([
      ['requested', null],
      ['approved', 'Enjoy'],
    ]);
    expect(await annualBalance(h, 'employee', '2029-03-05')).toBe(before - 3);

    const again = await h.act('manager', request.id, 'approve');
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe(leaveMessages.notPending);
  });

  it('lets an HR admin approve anyone, and a line manager in another department approve their report', async () => {
    const colleague = await h.book('colleague', { start_date: '2029-03-12', end_date: '2029-03-12' });
    expect((await h.act('hr', colleague.id, 'approve')).statusCode).toBe(200);

    await ownerSql(
      h.t,
      sql`insert into user_line_managers (user_id, manager_id, company_id) values (${h.company.people.colleague.id}, ${h.company.people.otherManager.id}, ${h.company.companyId})`,
    );
    const next = await h.book('colleague', { start_date: '2029-03-19', end_date: '2029-03-19' });
    expect((await h.act('otherManager', next.id, 'approve')).statusCode).toBe(200);
  });

  it('lets an owner approve their own request (a sole owner takes leave too), but not a manager', async () => {
    const owners = await h.book('owner', { start_date: '2029-04-09', end_date: '2029-04-10' });
    expect(owners.can_approve).toBe(true);
    expect((await h.act('owner', owners.id, 'approve')).statusCode).toBe(200);

    const managers = await h.book('manager', { start_date: '2029-04-09', end_date: '2029-04-10' });
    expect(managers.can_approve).toBe(false);
    const res = await h.act('manager', managers.id, 'approve');
    expect(res.statusCode).toBe(403);
    expect(messageOf(res)).toBe(leaveMessages.cannotApproveOwn);
  });

  it('needs a reason to decline', async () => {
    const request = await h.book('employee', { start_date: '2029-04-16', end_date: '2029-04-16' });
    const bare = await h.act('manager', request.id, 'decline', {});
    expect(bare.statusCode).toBe(422);
    expect(bare.json<{ errors: Record<string, string[]> }>().errors.reason).toEqual([leaveMessages.declineReasonRequired]);
    const blank = await h.act('manager', request.id, 'decline', { reason: '   ' });
    expect(blank.statusCode).toBe(422);
    const declined = await h.act('manager', request.id, 'decline', { reason: 'Short-staffed that week' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json<AbsenceDetail>()).toMatchObject({
      status: 'declined',
      decline_reason: 'Short-staffed that week',
      can_cancel: false,
    });
    // A declined request no longer holds its day.
    expect((await h.request('employee', { start_date: '2029-04-16', end_date: '2029-04-16' })).statusCode).toBe(201);
  });

  it('hides another company’s absences: 404 for every step', async () => {
    const other = await harnessFor(h.t, await addLeaveCompany(h.t));
    const foreign = await other.book('employee', { start_date: '2029-03-05', end_date: '2029-03-05' });
    for (const action of ['approve', 'cancel', 'comment']) {
      expect((await h.act('owner', foreign.id, action, { body: 'x', reason: 'x' })).statusCode).toBe(404);
    }
    expect((await h.send('owner', 'GET', `/api/user-absence/${foreign.id}`)).statusCode).toBe(404);
    expect((await h.act('owner', 'not-an-id', 'approve')).statusCode).toBe(404);
  });
});

describe('who is asked', () => {
  let asked: Harness;
  beforeAll(async () => {
    asked = await harnessFor(h.t, await addLeaveCompany(h.t));
  });
  const notificationsFor = (userId: string, absenceId: string) =>
    ownerSql<{ todo: boolean; relates_to: string; description: string }>(
      asked.t,
      sql`select todo, relates_to, description from notifications where user_id = ${userId} and relates_to_id = ${absenceId}`,
    );
  const mailTo = (email: string) =>
    ownerSql<{ subject: string }>(asked.t, sql`select subject from outbox_email where to_address = ${email}`);

  it('gives the line manager a to-do and an e-mail, and nobody else', async () => {
    const request = await asked.book('employee', { start_date: '2029-05-14', end_date: '2029-05-15' });
    const people = asked.company.people;
    const [todo] = await notificationsFor(people.manager.id, request.id);
    expect(todo).toMatchObject({ todo: true, relates_to: 'absence_request' });
    expect(todo?.description).toContain('Ella Evans has asked for Annual leave from 14/05/2029 to 15/05/2029 (2 days)');
    expect(await mailTo(people.manager.email)).toEqual([{ subject: 'Leave request from Ella Evans' }]);
    expect(await notificationsFor(people.owner.id, request.id)).toEqual([]);
    expect(await notificationsFor(people.employee.id, request.id)).toEqual([]);
  });

  it('asks the department’s manager when there is no line manager, else those who approve company-wide', async () => {
    const people = asked.company.people;
    const colleague = await asked.book('colleague', { start_date: '2029-05-21', end_date: '2029-05-21' });
    expect(await notificationsFor(people.manager.id, colleague.id)).toHaveLength(1);
    expect(await notificationsFor(people.otherManager.id, colleague.id)).toHaveLength(0);
    const office = await asked.book('office', { start_date: '2029-05-21', end_date: '2029-05-21' });
    expect(await notificationsFor(people.otherManager.id, office.id)).toHaveLength(1);
    const hr = await asked.book('hr', { start_date: '2029-05-21', end_date: '2029-05-21' });
    expect(await notificationsFor(people.owner.id, hr.id)).toHaveLength(1);
    expect(await notificationsFor(people.hr.id, hr.id)).toHaveLength(0);
  });

  it('tells the person of a decision with a plain notification', async () => {
    const request = await asked.book('employee', { start_date: '2029-05-28', end_date: '2029-05-29' });
    await asked.act('manager', request.id, 'decline', { reason: 'Audit week' });
    const [told] = await notificationsFor(asked.company.people.employee.id, request.id);
    expect(told).toMatchObject({ todo: false, relates_to: 'absence_request' });
    expect(told?.description).toContain('was declined: Audit week');
  });
});

describe('the badge', () => {
  it('counts what each caller may approve, never their own', async () => {
    const badge = await harnessFor(h.t, await addLeaveCompany(h.t));
    await badge.book('employee', { start_date: '2029-06-04', end_date: '2029-06-04' });
    await badge.book('colleague', { start_date: '2029-06-04', end_date: '2029-06-04' });
    await badge.book('office', { start_date: '2029-06-04', end_date: '2029-06-04' });
    await badge.book('owner', { start_date: '2029-06-04', end_date: '2029-06-04' });
    await badge.book('manager', { start_date: '2029-06-04', end_date: '2029-06-04' });
    expect(await pendingCount(badge, 'manager')).toBe(2);
    expect(await pendingCount(badge, 'otherManager')).toBe(1);
    expect(await pendingCount(badge, 'owner')).toBe(4);
    expect(await pendingCount(badge, 'hr')).toBe(5);
    expect(await pendingCount(badge, 'employee')).toBe(0);

    // Oscar and Hana (HR admin) join Marta's department: Oscar is now hers to approve; Hana, who ranks higher, is not.
    const { people } = badge.company;
    await ownerSql(
      h.t,
      sql`update users set department_id = (select department_id from users where id = ${people.manager.id})
          where id in (${people.office.id}, ${people.hr.id})`,
    );
    await badge.book('hr', { start_date: '2029-06-04', end_date: '2029-06-04' });
    expect(await pendingCount(badge, 'manager')).toBe(3);
    expect(await pendingCount(badge, 'owner')).toBe(5);
  });
});

describe('bulk approval', () => {
  it('approves all or none, naming the absence refused', async () => {
    const bulk = await harnessFor(h.t, await addLeaveCompany(h.t));
    const mine = await bulk.book('employee', { start_date: '2029-07-02', end_date: '2029-07-02' });
    const colleague = await bulk.book('colleague', { start_date: '2029-07-02', end_date: '2029-07-02' });
    const office = await bulk.book('office', { start_date: '2029-07-02', end_date: '2029-07-02' });
    const send = (ids: string[]) => bulk.send('manager', 'POST', '/api/user-absence/bulk', { action: 'approve', data: { ids } });

    const refused = await send([mine.id, colleague.id, office.id]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ id: string; message: string }>()).toMatchObject({ id: office.id, message: leaveMessages.notApprover });
    const statuses = await ownerSql<{ status: string }>(
      bulk.t,
      sql`select status from user_absences where id in (${mine.id}, ${colleague.id})`,
    );
    expect(statuses.map((row) => row.status)).toEqual(['pending', 'pending']);

    const unknown = await send([mine.id, crypto.randomUUID()]);
    expect(unknown.statusCode).toBe(422);

    const done = await send([mine.id, colleague.id]);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ action: 'approve', updated: 2 });
    const conflict = await send([mine.id]);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json<{ id: string }>().id).toBe(mine.id);
  });
});
