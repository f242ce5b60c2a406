// Every kind of to-do every module declares ends when its thing is done. For each declaration in
// the registrations: the real action sends it, the real action does the thing, and then the
// to-do is gone for everyone who had it (or, for a kind that ends for its recipient, for the
// one who did it while the others keep theirs) — no longer `todo` in GET /api/notifications and
// no longer new, what "Needs your action" counts (Action Required in the bell plus the pending
// counts) dropped, and each of them was sent a realtime event invalidating notifications and
// pending counts, so the bell and the dashboard follow without a reload. A declared kind without
// a case here fails the suite; so does sending a kind nobody declared.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentDetail } from '../../../src/modules/documents/documents.contract';
import { sendWorkPermitReminders } from '../../../src/modules/employees/server/work-permit-reminders';
import type { ExpenseClaimDetail } from '../../../src/modules/expenses/expenses.contract';
import { leavePaths } from '../../../src/modules/leave/leave.contract';
import { createDueReturnToWorkItems } from '../../../src/modules/leave/server/return-to-work-job';
import type { NotificationsPage } from '../../../src/shared/notifications.contract';
import { withTenant } from '../../../src/server/db/database';
import { PRODUCT_ROLES, serverModules } from '../../../src/app/server/modules';
import { notify } from '../../../src/server/notifications/notify';
import { resolveTodos } from '../../../src/server/notifications/resolve-todos';
import { collectTodoKinds } from '../../../src/server/notifications/todo-kinds';
import { addDays, londonDate, londonInstant } from '../../../src/shared/dates';
import { SIGNATURE_PNG } from '../../support/documents-harness';
import { addRole, addUser, bearer, ownerSql, signIn } from '../../support/identity-fixtures';
import { leaveTypeId, LEAVE_PEOPLE, type LeavePerson } from '../../support/leave-fixtures';
import { addOvertimeCompany, daysAgo, type OvertimeCompany } from '../../support/overtime-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let c: OvertimeCompany;
let administrator: { id: string; token: string };
const today = londonDate(new Date());

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  c = await addOvertimeCompany(t, { name: 'Todo Ltd' });
  await ownerSql(
    t,
    sql`insert into company_settings (company_id, return_to_work_enabled) values (${c.companyId}, true)
        on conflict (company_id) do update set return_to_work_enabled = true`,
  );
  const admin = await addUser(t, { company: null, roleId: await addRole(t, { companyId: null, template: PRODUCT_ROLES.administrator }) });
  administrator = { id: admin.id, token: await signIn(t, admin) };
}, 120_000);
afterAll(async () => t.close());

const id = (person: LeavePerson) => c.people[person].id;

async function tokenOf(userId: string): Promise<string> {
  if (userId === administrator.id) return administrator.token;
  const person = LEAVE_PEOPLE.find((name) => c.people[name].id === userId);
  if (!person) throw new Error(`no fixture person ${userId}`);
  return c.token(person);
}

async function as(who: LeavePerson | 'administrator', method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const token = who === 'administrator' ? administrator.token : await c.token(who);
  const res = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} as ${who}: ${res.statusCode} ${res.body}`);
  return res;
}

/** What the user's bell lists (with room for every notification this suite sends them). */
async function bellOf(userId: string): Promise<NotificationsPage> {
  const res = await t.app.inject({ method: 'GET', url: '/api/notifications?limit=200', headers: bearer(await tokenOf(userId)) });
  expect(res.statusCode).toBe(200);
  return res.json<NotificationsPage>();
}

/** "Needs your action" as the dashboard adds it up: Action Required notifications and the pending counts. */
async function needsActionOf(userId: string): Promise<number> {
  const todos = (await bellOf(userId)).results.filter((n) => n.todo).length;
  const res = await t.app.inject({ method: 'GET', url: '/api/pending-count', headers: bearer(await tokenOf(userId)) });
  expect(res.statusCode).toBe(200);
  return todos + Object.values(res.json<Record<string, number>>()).reduce((sum, n) => sum + n, 0);
}

const sicknessOf = async (person: LeavePerson, first: string, last: string) => {
  const [row] = await ownerSql<{ id: string }>(
    t,
    sql`insert into user_absences (company_id, user_id, leave_type_id, start_date, end_date, duration_type, status, sickness_category)
        values (${c.companyId}, ${id(person)}, ${await leaveTypeId(t, c.companyId, 'sickness')}, ${first}, ${last}, 'days', 'approved', 'cold_flu')
        returning id`,
  );
  await createDueReturnToWorkItems(t.database.db, londonInstant(addDays(last, 2), '12:00'));
  const [item] = await ownerSql<{ id: string }>(t, sql`select id from return_to_work_items where absence_id = ${row!.id}`);
  return item!.id;
};

const selfCertify = (itemId: string, first: string, last: string) =>
  as('employee', 'PUT', leavePaths.selfCertification(itemId), {
    reason_category: 'cold_flu',
    description: 'A heavy cold.',
    first_day_of_sickness: first,
    last_day_of_sickness: last,
    consulted_doctor: false,
    injury_at_work: false,
    declaration: true,
  });

const travelClaim = async (gross: number) => {
  const [type] = await ownerSql<{ id: string }>(t, sql`select id from expense_types where company_id = ${c.companyId} and name = 'Travel'`);
  return {
    claim_type: 'expense',
    description: 'Client visit',
    items: [{ date: '2026-05-04', expense_type_id: type!.id, description: 'Train ticket', gross, supplier: 'Northern' }],
  };
};

async function documentFor(person: LeavePerson): Promise<DocumentDetail> {
  const templates = (await as('owner', 'GET', '/api/document-template')).json<{ results: { id: string; name: string }[] }>().results;
  const template = templates.find((row) => row.name === 'Statement of main terms of employment');
  if (!template) throw new Error('no starter template');
  const res = await as('owner', 'POST', `/api/document-template/${template.id}/generate`, {
    user_id: id(person),
    title: 'Statement of main terms',
    document_template_file_field_values: { notice_period: 'one month', place_of_work: 'Leeds' },
  });
  return res.json<DocumentDetail>();
}

const permit = (extra: object) => ({ user_id: id('colleague'), document_type: 'passport', document_number: '123456789', ...extra });

/**
 * How each kind is sent and done, through the product's own calls. `done` answers whose to-dos
 * the doing ends when that is fewer than everyone who had one (a kind ending for its recipient).
 */
type TodoCase = { send: () => Promise<void>; done: (state: Record<string, string>) => Promise<string[] | void> };

const cases: Record<string, TodoCase & { state?: Record<string, string> }> = {
  'access-request.decide': {
    send: async () => {
      const res = await as('administrator', 'POST', '/api/access-requests', {
        company_id: c.companyId,
        reason: 'Ticket 7',
        duration_hours: 2,
      });
      cases['access-request.decide']!.state = { id: res.json<{ id: string }>().id };
    },
    done: async ({ id: requestId }) => void (await as('owner', 'PUT', `/api/access-requests/${requestId}`, { decision: 'approve' })),
  },
  'order.decide': {
    send: async () => {
      const res = await as('owner', 'POST', '/api/orders', { kind: 'seats', seats: 2 });
      cases['order.decide']!.state = { id: res.json<{ id: string }>().id };
    },
    done: async ({ id: orderId }) => void (await as('administrator', 'PUT', `/api/company-orders/${orderId}`, { decision: 'confirm' })),
  },
  'overtime.decide': {
    send: async () => {
      const report = await c.reported('employee', { date: daysAgo(4) });
      cases['overtime.decide']!.state = { id: report.id };
    },
    done: async ({ id: reportId }) =>
      void (await as('manager', 'POST', `/api/user-overtime/${reportId}/decline`, { reason: 'Not agreed' })),
  },
  'time-clock.overtime-offer': {
    send: async () => {
      // An entry 45 minutes beyond its 09:00–17:00 shift, approved by the manager.
      const date = daysAgo(5);
      const [shift] = await ownerSql<{ id: string }>(
        t,
        sql`insert into rota_shifts (company_id, user_id, department_id, start_at, end_at, break_minutes, role, published, published_at)
            values (${c.companyId}, ${id('employee')}, ${c.departments.Operations}, ${londonInstant(date, '09:00')}, ${londonInstant(date, '17:00')}, 30, 'Floor', true, now())
            returning id`,
      );
      const [entry] = await ownerSql<{ id: string }>(
        t,
        sql`insert into time_clock_entries (company_id, user_id, shift_id, clock_in_at, clock_out_at, break_minutes, worked_minutes)
            values (${c.companyId}, ${id('employee')}, ${shift!.id}, ${londonInstant(date, '09:00')}, ${londonInstant(date, '17:45')}, 30, 495)
            returning id`,
      );
      await as('manager', 'POST', `/api/timesheets/${entry!.id}/approve`);
      const [offer] = await ownerSql<{ id: string }>(t, sql`select id from time_clock_overtime_offers where entry_id = ${entry!.id}`);
      cases['time-clock.overtime-offer']!.state = { id: offer!.id };
    },
    done: async ({ id: offerId }) =>
      void (await as('employee', 'POST', `/api/time-clock-overtime-offers/${offerId}/claim`, { compensation: 'toil' })),
  },
  'right-to-work.renew': {
    send: async () => {
      await as('owner', 'POST', '/api/user-work-permit', permit({ date_checked: '2025-01-10', expiry_date: addDays(today, 10) }));
      await sendWorkPermitReminders(t.database.db);
    },
    done: async () =>
      void (await as('hr', 'POST', '/api/user-work-permit', permit({ date_checked: today, expiry_date: addDays(today, 3 * 365) }))),
  },
  'task.complete': {
    send: async () => {
      const res = await as('manager', 'POST', '/api/hr-task', {
        title: 'Read the handbook',
        due_date: addDays(today, 7),
        assignee: { kind: 'user', id: id('employee') },
      });
      cases['task.complete']!.state = { id: res.json<{ ids: string[] }>().ids[0]! };
    },
    done: async ({ id: taskId }) => void (await as('employee', 'POST', `/api/hr-task/${taskId}/complete`, { note: 'Read it' })),
  },
  'incident.riddor-report': {
    send: async () => {
      const accident = addDays(today, -12);
      const res = await as('manager', 'POST', '/api/incident-log', {
        occurred_at: londonInstant(accident, '11:00').toISOString(),
        location: 'Goods-in',
        person_kind: 'employee',
        person_user_id: id('employee'),
        what_happened: 'Strained back lifting a box.',
        incapacity_last_day: addDays(accident, 8),
      });
      cases['incident.riddor-report']!.state = { id: res.json<{ id: string }>().id };
    },
    done: async ({ id: incidentId }) =>
      void (await as('owner', 'POST', `/api/incident-log/${incidentId}/riddor-report`, { reference: 'RIDDOR-1', reported_on: today })),
  },
  'expense.decide': {
    send: async () => {
      const res = await as('employee', 'POST', '/api/user-expense', await travelClaim(20));
      cases['expense.decide']!.state = { id: res.json<ExpenseClaimDetail>().id };
    },
    done: async ({ id: claimId }) => void (await as('manager', 'POST', `/api/user-expense/${claimId}/approve`, {})),
  },
  'expense.resubmit': {
    send: async () => {
      const claim = (await as('employee', 'POST', '/api/user-expense', await travelClaim(80))).json<ExpenseClaimDetail>();
      await as('manager', 'POST', `/api/user-expense/${claim.id}/reject`, { reason: 'First class is not allowed.' });
      cases['expense.resubmit']!.state = { id: claim.id, item: claim.items[0]!.id };
    },
    done: async ({ id: claimId, item }) => {
      const body = await travelClaim(45);
      await as('employee', 'PUT', `/api/user-expense/${claimId}`, { ...body, items: [{ ...body.items[0], id: item }] });
    },
  },
  'absence.decide': {
    send: async () => {
      const res = await as('employee', 'POST', '/api/user-absence', {
        leave_type_id: await leaveTypeId(t, c.companyId, 'annual_leave'),
        start_date: '2029-06-05',
        end_date: '2029-06-05',
      });
      cases['absence.decide']!.state = { id: res.json<{ id: string }>().id };
    },
    done: async ({ id: absenceId }) => void (await as('manager', 'POST', `/api/user-absence/${absenceId}/approve`, {})),
  },
  'return-to-work.complete': {
    send: async () => {
      cases['return-to-work.complete']!.state = { id: await sicknessOf('employee', '2026-03-16', '2026-03-18') };
    },
    done: async ({ id: itemId }) => void (await selfCertify(itemId!, '2026-03-16', '2026-03-18')),
  },
  'return-to-work.review': {
    send: async () => {
      const itemId = await sicknessOf('employee', '2026-04-13', '2026-04-15');
      await selfCertify(itemId, '2026-04-13', '2026-04-15');
      cases['return-to-work.review']!.state = { id: itemId };
    },
    done: async ({ id: itemId }) => void (await as('manager', 'PUT', leavePaths.review(itemId!), { note: 'Welcome back.' })),
  },
  'notice.acknowledge': {
    send: async () => {
      const res = await as('owner', 'POST', '/api/notices', {
        title: 'New fire assembly point',
        body: '<p>From Monday we meet in the car park.</p>',
        audience: 'everyone',
        acknowledgement_required: true,
      });
      cases['notice.acknowledge']!.state = { id: res.json<{ id: string }>().id };
    },
    done: async ({ id: noticeId }) => {
      await as('employee', 'POST', `/api/notices/${noticeId}/acknowledge`, {});
      return [id('employee')];
    },
  },
  'document.sign': {
    send: async () => {
      const document = await documentFor('employee');
      await as('owner', 'POST', `/api/document/${document.id}/sign-request`, {
        signer_ids: [id('employee'), id('colleague')],
        ordering: 'parallel',
      });
      cases['document.sign']!.state = { id: document.id, sha256: document.version.sha256 };
    },
    done: async ({ id: documentId, sha256 }) => {
      await as('employee', 'POST', `/api/document/${documentId}/sign`, {
        consent: true,
        kind: 'drawn',
        image: SIGNATURE_PNG,
        seen_sha256: sha256,
      });
      return [id('employee')];
    },
  },
  'document.signing-declined': {
    send: async () => {
      const document = await documentFor('colleague');
      await as('owner', 'POST', `/api/document/${document.id}/sign-request`, { signer_ids: [id('colleague')] });
      await as('colleague', 'POST', `/api/document/${document.id}/decline`, { reason: 'The salary is wrong.' });
      cases['document.signing-declined']!.state = { id: document.id };
    },
    done: async ({ id: documentId }) =>
      void (await as('owner', 'POST', `/api/document/${documentId}/sign-request`, { signer_ids: [id('colleague')] })),
  },
};

const declared = collectTodoKinds(serverModules);

type OpenTodo = { id: string; user_id: string };
const openTodos = (kind: string) =>
  ownerSql<OpenTodo>(t, sql`select id, user_id from notifications where todo_kind = ${kind} and todo and resolved_at is null`);

describe('the to-do kinds the modules declare', () => {
  it('each has a case here, and each case is a declared kind', () => {
    const kinds = declared.map((entry) => entry.declaration.kind);
    expect(kinds.filter((kind) => !(kind in cases))).toEqual([]);
    expect(Object.keys(cases).filter((kind) => !kinds.includes(kind))).toEqual([]);
    for (const { declaration } of declared) expect(declaration.endedBy.length, declaration.kind).toBeGreaterThan(10);
  });

  it('refuses to send, or resolve, a to-do of a kind no module declares', async () => {
    await expect(
      withTenant(t.database.db, c.companyId, (trx) =>
        notify(trx, {
          companyId: c.companyId,
          userId: id('employee'),
          description: 'Do something',
          relatesTo: 'hr_task',
          relatesToId: crypto.randomUUID(),
          todo: true,
          kind: 'nobody.declared-this',
        }),
      ),
    ).rejects.toThrow(/declared by no module/);
    await expect(
      withTenant(t.database.db, c.companyId, (trx) =>
        resolveTodos(trx, { companyId: c.companyId, kind: 'nobody.declared-this', subject: 'hr_task:x' }),
      ),
    ).rejects.toThrow(/declared by no module/);
  });
});

describe.each(declared.map((entry) => [entry.declaration.kind, entry] as const))('%s', (kind, { declaration }) => {
  it(`ends when ${declaration.endedBy}`, async () => {
    const todoCase = cases[kind];
    if (!todoCase) throw new Error(`no case for the declared to-do kind '${kind}'`);
    const before = new Set((await openTodos(kind)).map((row) => row.id));
    await todoCase.send();
    const sent = (await openTodos(kind)).filter((row) => !before.has(row.id));
    expect(sent.length, 'the action sent the to-do').toBeGreaterThan(0);
    const recipients = [...new Set(sent.map((row) => row.user_id))];

    const needsBefore = new Map<string, number>();
    for (const userId of recipients) {
      const bell = await bellOf(userId);
      for (const row of sent.filter((todo) => todo.user_id === userId)) {
        expect(
          bell.results.find((n) => n.id === row.id),
          'listed as Action Required',
        ).toMatchObject({ todo: true });
      }
      needsBefore.set(userId, await needsActionOf(userId));
    }
    const [{ mark }] = (await ownerSql<{ mark: string }>(t, sql`select coalesce(max(id), 0)::text as mark from realtime_events`)) as [
      { mark: string },
    ];

    const endedFor = (await todoCase.done(todoCase.state ?? {})) ?? recipients;
    if (declaration.endsFor === 'everyone') expect(endedFor).toEqual(recipients);

    for (const userId of recipients) {
      const bell = await bellOf(userId);
      const ended = endedFor.includes(userId);
      for (const row of sent.filter((todo) => todo.user_id === userId)) {
        const shown = bell.results.find((n) => n.id === row.id);
        if (ended) expect(shown, `${kind} of ${userId} after the thing is done`).toMatchObject({ todo: false, is_new: false });
        else expect(shown, `${kind} of ${userId}, who has not done it yet`).toMatchObject({ todo: true });
      }
      if (!ended) continue;
      expect(await needsActionOf(userId), 'what Needs your action counts').toBeLessThan(needsBefore.get(userId)!);
      const told = await ownerSql<{ invalidates: string[] }>(
        t,
        sql`select invalidates from realtime_events where id > ${mark}::bigint and channel = ${`user-${userId}`}`,
      );
      expect(
        told.some((event) => event.invalidates.includes('notifications') && event.invalidates.includes('pending-count')),
        'a realtime event refreshes the bell and the dashboard',
      ).toBe(true);
    }
  });
});
