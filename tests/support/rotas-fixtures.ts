// Helpers of the rota suites: the leave company (Operations and Office) with rota on, and
// shifts sent as one of its people.
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { londonInstant } from '../../src/shared/dates';
import { bearer, ownerSql } from './identity-fixtures';
import { addLeaveCompany, type LeaveCompany, type LeavePerson } from './leave-fixtures';
import type { TestApp } from './test-app';

export type RotaHarness = {
  company: LeaveCompany;
  send: (who: LeavePerson, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => Promise<LightMyRequestResponse>;
  shift: (input: {
    date: string;
    from: string;
    to: string;
    user?: LeavePerson | null;
    department?: 'Operations' | 'Office';
    break_minutes?: number;
  }) => PlannedShift;
};

/** A shift as POST /api/rota-shifts takes it. */
export type PlannedShift = {
  user_id: string | null;
  department_id: string;
  start_at: string;
  end_at: string;
  break_minutes: number;
  role: string;
};

export async function addRotaCompany(t: TestApp, name?: string): Promise<RotaHarness> {
  const company = await addLeaveCompany(t, { name, assignPolicy: false });
  await ownerSql(
    t,
    sql`insert into company_settings (company_id, rota_enabled) values (${company.companyId}, true)
    on conflict (company_id) do update set rota_enabled = true`,
  );
  const send = async (who: LeavePerson, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(await company.token(who)), ...(payload ? { payload } : {}) });
  const shift: RotaHarness['shift'] = ({ date, from, to, user = 'employee', department = 'Operations', break_minutes = 30 }) => ({
    user_id: user === null ? null : company.people[user].id,
    department_id: company.departments[department] ?? '',
    start_at: londonInstant(date, from).toISOString(),
    end_at: londonInstant(to < from ? nextDay(date) : date, to).toISOString(),
    break_minutes,
    role: 'Floor',
  });
  return { company, send, shift };
}

function nextDay(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
