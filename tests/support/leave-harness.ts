// Helpers of the absence suites: a leave company with its people signed in, requests sent as
// one of them, and the rows tests look at afterwards.
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { AbsenceDetail } from '../../src/modules/leave/absences.contract';
import { bearer, ownerSql } from './identity-fixtures';
import { addLeaveCompany, leaveTypeId, type LeaveCompany, type LeavePerson } from './leave-fixtures';
import { createTestApp, type TestApp } from './test-app';

export type Harness = {
  t: TestApp;
  company: LeaveCompany;
  types: { annual: string; sickness: string; unpaid: string; toil: string };
  send: (who: LeavePerson, method: 'GET' | 'POST', url: string, payload?: object) => Promise<LightMyRequestResponse>;
  request: (who: LeavePerson, body: object) => Promise<LightMyRequestResponse>;
  /** A request that must be accepted: its detail. */
  book: (who: LeavePerson, body: object) => Promise<AbsenceDetail>;
  act: (who: LeavePerson, id: string, action: string, body?: object) => Promise<LightMyRequestResponse>;
};

export async function startHarness(): Promise<Harness> {
  const t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  return harnessFor(t, await addLeaveCompany(t));
}

export async function harnessFor(t: TestApp, company: LeaveCompany): Promise<Harness> {
  const types = {
    annual: await leaveTypeId(t, company.companyId, 'annual_leave'),
    sickness: await leaveTypeId(t, company.companyId, 'sickness'),
    unpaid: await leaveTypeId(t, company.companyId, 'unpaid'),
    toil: await leaveTypeId(t, company.companyId, 'toil'),
  };
  const send = async (who: LeavePerson, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(await company.token(who)), ...(payload ? { payload } : {}) });
  const request = (who: LeavePerson, body: object) => send(who, 'POST', '/api/user-absence', { leave_type_id: types.annual, ...body });
  const book = async (who: LeavePerson, body: object) => {
    const res = await request(who, body);
    if (res.statusCode !== 201) throw new Error(`booking refused: ${res.statusCode} ${res.body}`);
    return res.json<AbsenceDetail>();
  };
  const act = (who: LeavePerson, id: string, action: string, body: object = {}) =>
    send(who, 'POST', `/api/user-absence/${id}/${action}`, body);
  return { t, company, types, send, request, book, act };
}

/** The annual-leave balance of the person's leave year containing `date` (the sum of its logs). */
export async function annualBalance(h: Harness, person: LeavePerson, date: string): Promise<number> {
  const rows = await ownerSql<{ balance: number }>(
    h.t,
    sql`select v.balance from user_absence_period_values v
        join user_absence_periods p on p.id = v.period_id
        where v.user_id = ${h.company.people[person].id} and v.leave_type_id = ${h.types.annual}
          and p.start_date <= ${date}::date and p.end_date >= ${date}::date`,
  );
  return Number(rows[0]?.balance ?? NaN);
}

export async function pendingCount(h: Harness, who: LeavePerson): Promise<number> {
  const res = await h.send(who, 'GET', '/api/pending-count');
  return res.json<{ user_absence: number }>().user_absence;
}
