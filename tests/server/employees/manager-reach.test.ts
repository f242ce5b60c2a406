// A manager's department scope does not reach the company's owners or HR admins for writes
// and approvals, even when a department the manager manages is theirs; it still reaches the
// employees there, reads stay as they were, and a line manager still approves their report.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_ROLES } from '../../../src/app/server/modules';
import { roleRankOf } from '../../../src/server/db/role-rank.queries';
import { roleRank } from '../../../src/shared/scopes';
import { addRole, bearer, ownerSql } from '../../support/identity-fixtures';
import type { LeavePerson } from '../../support/leave-fixtures';
import { startHarness, type Harness } from '../../support/leave-harness';

let h: Harness;
let ops: string;
beforeAll(async () => {
  h = await startHarness();
  ops = h.company.departments.Operations ?? '';
  // The owner and the HR admin sit in Operations, the department Marta manages.
  await ownerSql(h.t, sql`update users set department_id = ${ops} where id in (${h.company.people.owner.id}, ${h.company.people.hr.id})`);
});
afterAll(async () => h.t.close());

const send = async (who: LeavePerson, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  h.t.app.inject({ method, url, headers: bearer(await h.company.token(who)), ...(payload ? { payload } : {}) });
const idOf = (who: LeavePerson) => h.company.people[who].id;

describe('role rank', () => {
  it('is the same in SQL as in TypeScript for every built-in role', async () => {
    for (const template of [...PRODUCT_ROLES.company, PRODUCT_ROLES.administrator]) {
      const roleId = await addRole(h.t, {
        companyId: template === PRODUCT_ROLES.administrator ? null : h.company.companyId,
        template: { ...template, name: `${template.name} copy` },
      });
      const [row] = await ownerSql<{ rank: number }>(h.t, sql`select ${roleRankOf(sql`${roleId}::uuid`)} as rank`);
      expect(row?.rank, template.name).toBe(roleRank(template.permissions));
    }
    expect(PRODUCT_ROLES.company.map((role) => roleRank(role.permissions))).toEqual([4, 3, 2, 1, 0]);
  });
});

describe('a manager over the owner and HR admin of a department they manage', () => {
  it('cannot change their basic record, notes or settings (403), but still reads their basic record', async () => {
    for (const who of ['owner', 'hr'] as const) {
      expect((await send('manager', 'PUT', `/api/user-basic/${idOf(who)}`, { first_name: 'Hijacked' })).statusCode).toBe(403);
      expect((await send('manager', 'POST', '/api/user-notes', { user_id: idOf(who), type: 'other', body: 'x' })).statusCode).toBe(403);
      expect((await send('manager', 'PUT', `/api/user-settings/${idOf(who)}`, { allow_toil_overtime: true })).statusCode).toBe(403);
      expect((await send('manager', 'GET', `/api/user-basic/${idOf(who)}`)).statusCode).toBe(200);
    }
    const [row] = await ownerSql<{ first_name: string }>(h.t, sql`select first_name from users where id = ${idOf('owner')}`);
    expect(row?.first_name).toBe('Olive');
  });

  it('still changes the records of an employee of that department', async () => {
    expect((await send('manager', 'PUT', `/api/user-basic/${idOf('colleague')}`, { first_name: 'Colm' })).statusCode).toBe(200);
    expect((await send('manager', 'POST', '/api/user-notes', { user_id: idOf('colleague'), type: 'other', body: 'ok' })).statusCode).toBe(
      201,
    );
  });

  it('cannot approve their leave nor book it for them, and is not asked; as their line manager may approve it', async () => {
    const owners = await h.book('owner', { start_date: '2029-06-04', end_date: '2029-06-04' });
    const asked = async (who: LeavePerson) =>
      (
        await ownerSql<{ n: number }>(
          h.t,
          sql`select count(*)::int as n from notifications where user_id = ${idOf(who)} and description like ${'%Olive%'}`,
        )
      )[0]?.n;
    expect(await asked('hr')).toBeGreaterThan(0);
    expect(await asked('manager')).toBe(0);
    const seen = await send('manager', 'GET', `/api/user-absence/${owners.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<{ can_approve: boolean }>().can_approve).toBe(false);
    expect((await h.act('manager', owners.id, 'approve')).statusCode).toBe(403);
    const booked = await h.request('manager', { user_id: idOf('hr'), start_date: '2029-06-05', end_date: '2029-06-05' });
    expect(booked.statusCode).toBe(403);

    await ownerSql(
      h.t,
      sql`insert into user_line_managers (user_id, manager_id, company_id) values (${idOf('owner')}, ${idOf('manager')}, ${h.company.companyId})`,
    );
    expect((await h.act('manager', owners.id, 'approve')).statusCode).toBe(200);

    const colleagues = await h.book('colleague', { start_date: '2029-06-06', end_date: '2029-06-06' });
    expect((await h.act('manager', colleagues.id, 'approve')).statusCode).toBe(200);
  });
});

describe('company scope', () => {
  it('is unchanged: the owner and the HR admin change the records of anyone below them', async () => {
    expect((await send('owner', 'PUT', `/api/user-basic/${idOf('hr')}`, { first_name: 'Hana' })).statusCode).toBe(200);
    expect((await send('hr', 'PUT', `/api/user-basic/${idOf('manager')}`, { first_name: 'Marta' })).statusCode).toBe(200);
  });
});
