// Termination (POST /api/user-terminate), its cancel (POST /api/user-cancel-termination) and the
// sweep that applies future ones: access ends at once for a date today or past, after the
// date for a later one; cancelling gives the person their status back.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANNOT_TERMINATE_SELF, NOT_TERMINATING, type UserBasic } from '../../../src/modules/employees/directory.contract';
import { sweepTerminations } from '../../../src/modules/employees/server/directory-termination';
import { addDays, londonDate, londonInstant } from '../../../src/shared/dates';
import { ownerSql } from '../../support/identity-fixtures';
import { addEmployee, addTerminationReason, auditActions, userRow } from '../../support/people-fixtures';
import { addPerson, addShellCompany, type Person, type ShellCompany } from '../../support/shell-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let company: ShellCompany;
let owner: Person;
let manager: Person;
let reason: string;
let otherReason: string;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  company = await addShellCompany(t);
  const other = await addShellCompany(t);
  owner = await addPerson(t, company, { role: 'Owner', department: 'Office' });
  manager = await addPerson(t, company, { role: 'Manager', department: 'Operations' });
  reason = await addTerminationReason(t, company.companyId!);
  otherReason = await addTerminationReason(t, other.companyId!);
});
afterAll(async () => t.close());

const today = () => londonDate(new Date());
const terminate = (who: Person, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/user-terminate', headers: who.headers, payload });
const cancel = (who: Person, userId: string) =>
  t.app.inject({ method: 'POST', url: '/api/user-cancel-termination', headers: who.headers, payload: { user_id: userId } });
const me = (who: Person) => t.app.inject({ method: 'GET', url: `/api/users/${who.id}`, headers: who.headers });
const jobTermination = async (userId: string) =>
  (await ownerSql<{ termination_date: string | null }>(t, sql`select termination_date from user_job_titles where user_id = ${userId}`))[0]
    ?.termination_date;

describe('POST /api/user-terminate', () => {
  it('today: status terminated, sessions revoked at once, the job-title record dated, audited', async () => {
    const leaver = await addPerson(t, company, { role: 'Employee', department: 'Operations', firstName: 'Leaver' });
    await ownerSql(
      t,
      sql`insert into user_job_titles (company_id, user_id, title, start_date) values (${company.companyId}, ${leaver.id}, 'Picker', '2020-01-01')`,
    );
    expect((await me(leaver)).statusCode).toBe(200);
    const res = await terminate(owner, {
      user_id: leaver.id,
      termination_date: today(),
      termination_reason_id: reason,
      notes: 'Moved away',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<UserBasic>()).toMatchObject({
      status: 'terminated',
      termination_date: today(),
      termination_reason: { id: reason, name: 'Resignation' },
      termination_notes: 'Moved away',
    });
    expect((await me(leaver)).statusCode).toBe(401);
    const sessions = await ownerSql<{ open: number }>(
      t,
      sql`select count(*)::int as open from sessions where user_id = ${leaver.id} and revoked_at is null`,
    );
    expect(sessions[0]?.open).toBe(0);
    expect(await jobTermination(leaver.id)).toBe(today());
    expect(await auditActions(t, leaver.id)).toContain('user.terminated');
  });

  it('a later date: still active and signed in; the sweep terminates once the date has passed, not on it', async () => {
    const leaver = await addPerson(t, company, { role: 'Employee', department: 'Operations', firstName: 'Later' });
    const date = addDays(today(), 10);
    const res = await terminate(owner, { user_id: leaver.id, termination_date: date, termination_reason_id: reason });
    expect(res.json<UserBasic>()).toMatchObject({ status: 'active', termination_date: date });
    expect((await me(leaver)).statusCode).toBe(200);
    expect(await sweepTerminations(t.database.db, londonInstant(date, '23:59'))).toBe(0);
    expect((await userRow(t, leaver.id)).status).toBe('active');
    expect(await sweepTerminations(t.database.db, londonInstant(addDays(date, 1), '00:01'))).toBe(1);
    expect((await userRow(t, leaver.id)).status).toBe('terminated');
    expect((await me(leaver)).statusCode).toBe(401);
    expect(await sweepTerminations(t.database.db, londonInstant(addDays(date, 2), '00:01'))).toBe(0);
  });

  it('refuses oneself, an unknown or foreign reason, a manager, and another company’s person', async () => {
    const target = await addEmployee(t, company, { firstName: 'Tara', surname: 'Target', department: 'Operations' });
    const self = await terminate(owner, { user_id: owner.id, termination_date: today(), termination_reason_id: reason });
    expect(self.statusCode).toBe(422);
    expect(self.json<{ errors: object }>().errors).toEqual({ user_id: [CANNOT_TERMINATE_SELF] });
    const foreign = await terminate(owner, { user_id: target.id, termination_date: today(), termination_reason_id: otherReason });
    expect(foreign.json<{ errors: object }>().errors).toEqual({ termination_reason_id: ['Unknown item.'] });
    expect((await terminate(manager, { user_id: target.id, termination_date: today(), termination_reason_id: reason })).statusCode).toBe(
      403,
    );
    const outsider = await addEmployee(t, await addShellCompany(t), { firstName: 'Out', surname: 'Sider' });
    expect((await terminate(owner, { user_id: outsider.id, termination_date: today(), termination_reason_id: reason })).statusCode).toBe(
      404,
    );
    expect((await terminate(owner, { user_id: target.id, termination_date: '2026-02-30', termination_reason_id: reason })).statusCode).toBe(
      422,
    );
    expect((await userRow(t, target.id)).status).toBe('active');
  });
});

describe('POST /api/user-cancel-termination', () => {
  it('gives a terminated account back its status (active with a password, else pending) and clears the job-title date', async () => {
    const leaver = await addPerson(t, company, { role: 'Employee', department: 'Operations', firstName: 'Back' });
    await ownerSql(
      t,
      sql`insert into user_job_titles (company_id, user_id, title, start_date) values (${company.companyId}, ${leaver.id}, 'Packer', '2020-01-01')`,
    );
    await terminate(owner, { user_id: leaver.id, termination_date: addDays(today(), -1), termination_reason_id: reason });
    const res = await cancel(owner, leaver.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<UserBasic>()).toMatchObject({ status: 'active', termination_date: null, termination_reason: null });
    expect(await jobTermination(leaver.id)).toBeNull();

    const neverSetUp = await addEmployee(t, company, { firstName: 'New', surname: 'Starter', status: 'pending' });
    await ownerSql(t, sql`update users set password_hash = null where id = ${neverSetUp.id}`);
    await terminate(owner, { user_id: neverSetUp.id, termination_date: today(), termination_reason_id: reason });
    expect((await cancel(owner, neverSetUp.id)).json<UserBasic>().status).toBe('pending');
  });

  it('cancels a future termination without touching the status; none to cancel is 422', async () => {
    const stayer = await addEmployee(t, company, { firstName: 'Stay', surname: 'Er' });
    await terminate(owner, { user_id: stayer.id, termination_date: addDays(today(), 30), termination_reason_id: reason });
    expect((await cancel(owner, stayer.id)).json<UserBasic>()).toMatchObject({ status: 'active', termination_date: null });
    const none = await cancel(owner, stayer.id);
    expect(none.statusCode).toBe(422);
    expect(none.json<{ errors: object }>().errors).toEqual({ user_id: [NOT_TERMINATING] });
    expect((await cancel(manager, stayer.id)).statusCode).toBe(403);
    expect(await auditActions(t, stayer.id)).toEqual(['user.terminated', 'user.termination_cancelled']);
  });
});
