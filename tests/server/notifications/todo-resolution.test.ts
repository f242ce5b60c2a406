// A to-do notification ends when the thing it asks for is done, by whoever does it: the
// notifications platform's subject key and resolveTodos, and leave's return to work using them —
// the person's "please fill in the self-certification form" leaves their bell and "Needs your
// action" once the form is in, and every reviewer's "please review" once one of them closes it.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationsPage } from '../../../src/shared/notifications.contract';
import { leavePaths } from '../../../src/modules/leave/leave.contract';
import { createDueReturnToWorkItems } from '../../../src/modules/leave/server/return-to-work-job';
import { withTenant } from '../../../src/server/db/database';
import { notify } from '../../../src/server/notifications/notify';
import { resolveTodos, todoSubject } from '../../../src/server/notifications/resolve-todos';
import { bearer, ownerSql } from '../../support/identity-fixtures';
import { addLeaveCompany, leaveTypeId, type LeaveCompany, type LeavePerson } from '../../support/leave-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let acme: LeaveCompany;
let other: LeaveCompany;
const NOW = new Date('2026-03-20T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  acme = await addLeaveCompany(t, { name: 'Acme' });
  other = await addLeaveCompany(t, { name: 'Other' });
  await ownerSql(
    t,
    sql`insert into company_settings (company_id, return_to_work_enabled) values (${acme.companyId}, true)
      on conflict (company_id) do update set return_to_work_enabled = true`,
  );
});
afterAll(async () => t.close());

async function call(person: LeavePerson, method: 'GET' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(await acme.token(person)), ...(payload ? { payload } : {}) });
}

/** What the bell and "Needs your action" read: page 1 of the person's notifications. */
async function bell(person: LeavePerson, company = acme) {
  const res = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(await company.token(person)) });
  expect(res.statusCode).toBe(200);
  return res.json<NotificationsPage>();
}

const todosAbout = (page: NotificationsPage, id: string) => page.results.filter((n) => n.relates_to_id === id && n.todo);

describe('resolveTodos', () => {
  it('resolves every open to-do with the subject in the company, and nothing else', async () => {
    const subject = todoSubject('hr_task', 'task-1');
    const notifyAll = (company: LeaveCompany, people: LeavePerson[], relatesToId: string) =>
      withTenant(t.database.db, company.companyId, async (trx) => {
        for (const person of people) {
          await notify(trx, {
            companyId: company.companyId,
            userId: company.people[person].id,
            description: 'Do it',
            relatesTo: 'hr_task',
            relatesToId,
            todo: true,
            kind: 'task.complete',
          });
        }
      });
    await notifyAll(acme, ['manager', 'owner'], 'task-1');
    await notifyAll(acme, ['manager'], 'task-2');
    await notifyAll(other, ['manager'], 'task-1');
    const before = await bell('manager');

    const resolved = await withTenant(t.database.db, acme.companyId, (trx) =>
      resolveTodos(trx, { companyId: acme.companyId, kind: 'task.complete', subject }),
    );
    expect(resolved).toBe(2);
    const after = await bell('manager');
    expect(todosAbout(after, 'task-1')).toEqual([]);
    expect(todosAbout(after, 'task-2')).toHaveLength(1);
    expect(after.unread).toBe(before.unread - 1);
    // Still listed, as a plain notification.
    expect(after.results.filter((n) => n.relates_to_id === 'task-1')).toHaveLength(1);
    expect(todosAbout(await bell('owner'), 'task-1')).toEqual([]);
    // Another company's to-do with the same key is its own.
    expect(todosAbout(await bell('manager', other), 'task-1')).toHaveLength(1);
    // Once resolved, again is nothing.
    expect(
      await withTenant(t.database.db, acme.companyId, (trx) =>
        resolveTodos(trx, { companyId: acme.companyId, kind: 'task.complete', subject }),
      ),
    ).toBe(0);
  });
});

describe('the return-to-work to-dos', () => {
  it('leave the person’s bell when she fills in the form, and every reviewer’s when one of them closes it', async () => {
    const typeId = await leaveTypeId(t, acme.companyId, 'sickness');
    const [absence] = await ownerSql<{ id: string }>(
      t,
      sql`insert into user_absences (company_id, user_id, leave_type_id, start_date, end_date, duration_type, status, sickness_category)
          values (${acme.companyId}, ${acme.people.employee.id}, ${typeId}, '2026-03-16', '2026-03-18', 'days', 'approved', 'cold_flu') returning id`,
    );
    await createDueReturnToWorkItems(t.database.db, NOW);
    const [item] = await ownerSql<{ id: string }>(t, sql`select id from return_to_work_items where absence_id = ${absence!.id}`);
    const itemId = item!.id;

    const asked = await bell('employee');
    expect(todosAbout(asked, itemId)).toEqual([
      expect.objectContaining({ is_new: true, description: expect.stringContaining('Please fill in the self-certification form') }),
    ]);

    const filled = await call('employee', 'PUT', leavePaths.selfCertification(itemId), {
      reason_category: 'cold_flu',
      description: 'A heavy cold.',
      first_day_of_sickness: '2026-03-16',
      last_day_of_sickness: '2026-03-18',
      consulted_doctor: false,
      injury_at_work: false,
      declaration: true,
    });
    expect(filled.statusCode).toBe(200);
    const done = await bell('employee');
    expect(todosAbout(done, itemId)).toEqual([]);
    expect(done.unread).toBe(asked.unread - 1);
    expect((await call('employee', 'GET', '/api/pending-count')).json<{ user_absence_rtw: number }>().user_absence_rtw).toBe(0);

    // The reviewers were asked in the same transaction; their to-dos stay open until a review.
    const reviewers = ['manager', 'owner'] as const;
    expect(todosAbout(await bell('manager'), itemId)).toHaveLength(1);

    expect((await call('manager', 'PUT', leavePaths.review(itemId), { note: 'Welcome back.' })).statusCode).toBe(200);
    for (const person of reviewers) expect(todosAbout(await bell(person), itemId)).toEqual([]);
  });
});
