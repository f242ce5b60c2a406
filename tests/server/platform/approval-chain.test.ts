// The approval chain (src/server/approvals) walked over every module that approves: the same
// people are asked about a person's request and may decide it in leave, overtime and expenses —
// line managers first (whatever their own scope), then the department's approver ranking at
// least as high, then those approving company-wide; never the person (a company-wide approver
// decides their own leave only); never another company's people. Then the same answer from
// each module's own API: can_approve on the person's item and the item counted as waiting.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPENSE_APPROVALS } from '../../../src/modules/expenses/server/expenses.approvals';
import { ABSENCE_APPROVALS } from '../../../src/modules/leave/server/leave.approvals';
import { OVERTIME_APPROVALS } from '../../../src/modules/overtime/server/overtime.approvals';
import { approverOf, type ApprovalChain } from '../../../src/server/approvals/approval-chain';
import { approvableBy, approversToAsk, decidableBy, mayApprove } from '../../../src/server/approvals/approval-chain.queries';
import { withSystem, withTenant } from '../../../src/server/db/database';
import type { Session } from '../../../src/server/plugins/request-context';
import type { PermissionEntry } from '../../../src/shared/scopes';
import { travelClaim, type ExpenseHarness } from '../../support/expenses-harness';
import { ownerSql } from '../../support/identity-fixtures';
import { harnessFor } from '../../support/leave-harness';
import { LEAVE_PEOPLE, type LeavePerson } from '../../support/leave-fixtures';
import { addOvertimeCompany, type OvertimeCompany } from '../../support/overtime-fixtures';
import { createTestApp, testSession, type TestApp } from '../../support/test-app';

const CHAINS: Record<'leave' | 'overtime' | 'expenses', ApprovalChain> = {
  leave: ABSENCE_APPROVALS,
  overtime: OVERTIME_APPROVALS,
  expenses: EXPENSE_APPROVALS,
};
const chains = Object.entries(CHAINS);

let t: TestApp;
let a: OvertimeCompany;
let b: OvertimeCompany;
const sessions = new Map<string, Session>();

async function sessionOf(company: OvertimeCompany, person: LeavePerson): Promise<Session> {
  const userId = company.people[person].id;
  const permissions = await ownerSql<PermissionEntry>(
    t,
    sql`select rp.endpoint, rp.method, rp.type from role_permissions rp join users u on u.role_id = rp.role_id where u.id = ${userId}`,
  );
  const departments = await ownerSql<{ id: string }>(
    t,
    sql`select department_id as id from users where id = ${userId} and department_id is not null
        union select department_id from user_departments where user_id = ${userId}`,
  );
  return testSession({ userId, companyId: company.companyId, departmentIds: departments.map((row) => row.id), permissions });
}

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  a = await addOvertimeCompany(t);
  b = await addOvertimeCompany(t, { name: 'Elsewhere Ltd' });
  // Oscar's line manager is Ella, who approves nothing by her role; the HR admin sits in
  // Operations, the department Marta manages, and ranks above her.
  await ownerSql(
    t,
    sql`insert into user_line_managers (user_id, manager_id, company_id) values (${a.people.office.id}, ${a.people.employee.id}, ${a.companyId})`,
  );
  await ownerSql(t, sql`update users set department_id = ${a.departments.Operations ?? null} where id = ${a.people.hr.id}`);
  for (const person of LEAVE_PEOPLE) sessions.set(person, await sessionOf(a, person));
});
afterAll(async () => t.close());

const session = (person: LeavePerson) => sessions.get(person)!;
const id = (person: LeavePerson) => a.people[person].id;
const idsOf = (people: LeavePerson[]) => people.map(id).sort();

/** Who may decide for each person in every chain, but for deciding one's own. */
const DECIDERS: Record<LeavePerson, LeavePerson[]> = {
  owner: ['hr'],
  hr: ['owner'],
  manager: ['owner', 'hr'],
  otherManager: ['owner', 'hr'],
  // Her line manager and her department's manager, who are the same person.
  employee: ['owner', 'hr', 'manager'],
  // His department's manager, though not his line manager.
  colleague: ['owner', 'hr', 'manager'],
  // His line manager without any approving scope, and his department's manager.
  office: ['owner', 'hr', 'otherManager', 'employee'],
};

describe('the approval chain of every module', () => {
  it('asks the line managers first, then the department’s approver ranking as high, then company-wide approvers; never the person', async () => {
    const expected: Record<LeavePerson, LeavePerson[]> = {
      employee: ['manager'],
      office: ['employee'],
      colleague: ['manager'],
      // Marta manages Operations but ranks below the HR admin sitting in it.
      hr: ['owner'],
      manager: ['owner', 'hr'],
      otherManager: ['owner', 'hr'],
      owner: ['hr'],
    };
    for (const [name, chain] of chains) {
      for (const person of LEAVE_PEOPLE) {
        const asked = await withTenant(t.deps.db, a.companyId, (trx) =>
          approversToAsk(trx, chain, { companyId: a.companyId, userId: id(person) }),
        );
        expect(asked, `${name}: ${person}`).toEqual(idsOf(expected[person]));
      }
      // The one acting is left out of their tier, not passed over for the next one.
      const booking = await withTenant(t.deps.db, a.companyId, (trx) =>
        approversToAsk(trx, chain, { companyId: a.companyId, userId: id('employee'), except: id('manager') }),
      );
      expect(booking, name).toEqual([]);
    }
  });

  it('lets line managers and those whose scope reaches the person decide; nobody their own, but a company-wide approver their own leave', async () => {
    for (const [name, chain] of chains) {
      for (const decider of LEAVE_PEOPLE) {
        for (const person of LEAVE_PEOPLE) {
          const own = decider === person && chain.companyWideDecidesOwn === true && ['owner', 'hr'].includes(decider);
          const may = await withTenant(t.deps.db, a.companyId, (trx) => mayApprove(trx, chain, session(decider), id(person)));
          expect(may, `${name}: ${decider} for ${person}`).toBe(own || DECIDERS[person].includes(decider));
        }
      }
    }
    expect(ABSENCE_APPROVALS.companyWideDecidesOwn).toBe(true);
    expect([OVERTIME_APPROVALS.companyWideDecidesOwn, EXPENSE_APPROVALS.companyWideDecidesOwn]).toEqual([undefined, undefined]);
  });

  it('lists as waiting for an approver exactly whom they may decide for, never their own request', async () => {
    for (const [name, chain] of chains) {
      for (const decider of LEAVE_PEOPLE) {
        const approver = approverOf(chain, session(decider));
        const rows = await withTenant(t.deps.db, a.companyId, async (trx) => {
          const { rows: found } = await sql<{ id: string; decides: boolean }>`
            select u.id, ${decidableBy(sql`u.id`, chain, approver)} as decides from users u
            where u.company_id = ${a.companyId} and ${approvableBy(sql`u.id`, approver)} order by u.id`.execute(trx);
          return found;
        });
        const waiting = LEAVE_PEOPLE.filter((person) => DECIDERS[person].includes(decider));
        expect(
          rows.map((row) => row.id),
          `${name}: ${decider}`,
        ).toEqual(idsOf(waiting));
        expect(rows.every((row) => row.decides)).toBe(true);
      }
    }
  });

  it('never reaches another company’s people, even where row-level security would not keep them out', async () => {
    for (const [name, chain] of chains) {
      for (const decider of ['owner', 'hr'] as const) {
        const may = await withSystem(t.deps.db, (trx) => mayApprove(trx, chain, session(decider), b.people.employee.id));
        expect(may, `${name}: ${decider}`).toBe(false);
      }
      const across = await withSystem(t.deps.db, (trx) =>
        approversToAsk(trx, chain, { companyId: a.companyId, userId: b.people.employee.id }),
      );
      expect(across, name).toEqual([]);
      const home = await withSystem(t.deps.db, (trx) =>
        approversToAsk(trx, chain, { companyId: b.companyId, userId: b.people.employee.id }),
      );
      expect(home, name).toEqual([b.people.manager.id]);
    }
  });
});

describe('each module’s API', () => {
  it('gives the same people the same answer: can_approve on the person’s item, and the item counted as waiting for them', async () => {
    const leave = await harnessFor(t, a);
    const typeRows = await ownerSql<{ id: string; name: string }>(
      t,
      sql`select id, name from expense_types where company_id = ${a.companyId}`,
    );
    const types = Object.fromEntries(typeRows.map((row) => [row.name, row.id])) as ExpenseHarness['types'];
    const items: { module: string; url: string; key: string; person: LeavePerson }[] = [];
    for (const [person, day] of [
      ['employee', '2029-06-04'],
      ['office', '2029-06-05'],
    ] as const) {
      const absence = await leave.book(person, { start_date: day, end_date: day });
      items.push({ module: 'leave', url: `/api/user-absence/${absence.id}`, key: 'user_absence', person });
      const overtime = await a.reported(person, {});
      items.push({ module: 'overtime', url: `/api/user-overtime/${overtime.id}`, key: 'user_overtime', person });
      const claim = await a.send(person, 'POST', '/api/user-expense', travelClaim(types));
      expect(claim.statusCode, claim.body).toBe(201);
      items.push({ module: 'expenses', url: `/api/user-expense/${claim.json<{ id: string }>().id}`, key: 'user_expense', person });
    }
    for (const viewer of LEAVE_PEOPLE) {
      const counts = (await a.send(viewer, 'GET', '/api/pending-count')).json<Record<string, number>>();
      for (const item of items) {
        const res = await a.send(viewer, 'GET', item.url);
        const canApprove = res.statusCode === 200 && res.json<{ can_approve: boolean }>().can_approve;
        expect(canApprove, `${item.module}: ${viewer} for ${item.person}`).toBe(DECIDERS[item.person].includes(viewer));
      }
      const waiting = (['employee', 'office'] as const).filter((person) => DECIDERS[person].includes(viewer)).length;
      expect([counts.user_absence, counts.user_overtime, counts.user_expense], viewer).toEqual([waiting, waiting, waiting]);
    }
  });
});
