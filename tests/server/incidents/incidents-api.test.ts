// The incident log through the API: an employee reports from a phone with a photo (sent twice
// with one Idempotency-Key, it lands once); owners see every record, the person involved and the
// reporter theirs, others nothing; every read is audited; the RIDDOR answer follows the linked
// sickness absence (8 days off → over-7-day, report by 15 days after); the report is marked made
// with its reference; another company's record is a 404; the CSV holds the log.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncidentDetail, IncidentList } from '../../../src/modules/incidents/incidents.contract';
import { addDays, londonDate } from '../../../src/shared/dates';
import { bearer, ownerSql } from '../../support/identity-fixtures';
import { addLeaveCompany, leaveTypeId } from '../../support/leave-fixtures';
import { startTaskHarness, type TaskHarness } from '../../support/tasks-fixtures';
import { multipartBody, pngImage } from '../../support/upload-fixtures';

let h: TaskHarness;
const people = () => h.company.people;

const slip = () => ({
  occurred_at: '2026-01-05T10:15:00Z',
  location: 'Kitchen',
  person_kind: 'employee',
  person_user_id: people().employee.id,
  what_happened: 'Slipped on a wet floor and fell.',
  injury: 'Sprained wrist',
  body_part: 'Left wrist',
});

async function report(who: Parameters<TaskHarness['send']>[0], body: object): Promise<IncidentDetail> {
  const res = await h.send(who, 'POST', '/api/incident-log', body);
  if (res.statusCode !== 201) throw new Error(`report refused: ${res.statusCode} ${res.body}`);
  return res.json<IncidentDetail>();
}

const auditCount = async (action: string, targetId: string | null = null) =>
  (
    await ownerSql<{ n: number }>(
      h.t,
      targetId
        ? sql`select count(*)::int as n from audit_log where action = ${action} and target_id = ${targetId}`
        : sql`select count(*)::int as n from audit_log where action = ${action}`,
    )
  )[0]?.n ?? 0;

beforeAll(async () => {
  h = await startTaskHarness();
}, 60_000);
afterAll(async () => h.t.close());

describe('reporting and reading', () => {
  it('lands a phone report with a photo once, however often it is sent', async () => {
    const body = multipartBody([
      { name: 'data', value: JSON.stringify({ ...slip(), person_user_id: people().colleague.id, location: 'Yard' }) },
      { name: 'file', filename: 'floor.png', contentType: 'image/png', data: pngImage(8, 8) },
    ]);
    const key = crypto.randomUUID();
    const send = async () =>
      h.t.app.inject({
        method: 'POST',
        url: '/api/incident-log',
        headers: { ...bearer(await h.company.token('employee')), ...body.headers, 'idempotency-key': key },
        payload: body.payload,
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json<IncidentDetail>().id).toBe(first.json<IncidentDetail>().id);
    const rows = await ownerSql<{ n: number }>(h.t, sql`select count(*)::int as n from incidents where location = 'Yard'`);
    expect(rows[0]?.n).toBe(1);
    expect(first.json<IncidentDetail>().files).toHaveLength(1);
  });

  it('shows the owner everything, the person involved and the reporter theirs, a manager elsewhere nothing', async () => {
    const incident = await report('colleague', slip());
    const ids = async (who: Parameters<TaskHarness['send']>[0]) =>
      (await h.send(who, 'GET', '/api/incident-log?limit=100')).json<IncidentList>().results.map((row) => row.id);
    expect(await ids('owner')).toContain(incident.id);
    expect(await ids('hr')).toContain(incident.id);
    expect(await ids('employee')).toContain(incident.id);
    expect(await ids('colleague')).toContain(incident.id);
    expect(await ids('otherManager')).not.toContain(incident.id);
    expect((await h.send('otherManager', 'GET', `/api/incident-log/${incident.id}`)).statusCode).toBe(403);
    expect((await h.send('employee', 'PUT', `/api/incident-log/${incident.id}`, slip())).statusCode).toBe(403);
    expect((await h.send('employee', 'GET', '/api/incident-log/export')).statusCode).toBe(403);
  });

  it('audits every read of a record, and of the list', async () => {
    const incident = await report('employee', slip());
    const before = await auditCount('incident.read', incident.id);
    await h.send('owner', 'GET', `/api/incident-log/${incident.id}`);
    await h.send('employee', 'GET', `/api/incident-log/${incident.id}`);
    expect(await auditCount('incident.read', incident.id)).toBe(before + 2);
    const listed = await auditCount('incident.listed');
    await h.send('owner', 'GET', '/api/incident-log');
    expect(await auditCount('incident.listed')).toBe(listed + 1);
  });

  it('answers another company’s record with 404', async () => {
    const incident = await report('employee', slip());
    const other = await addLeaveCompany(h.t);
    const headers = bearer(await other.token('owner'));
    expect((await h.t.app.inject({ method: 'GET', url: `/api/incident-log/${incident.id}`, headers })).statusCode).toBe(404);
    expect((await h.t.app.inject({ method: 'PUT', url: `/api/incident-log/${incident.id}`, headers, payload: slip() })).statusCode).toBe(
      404,
    );
    const list = await h.t.app.inject({ method: 'GET', url: '/api/incident-log?limit=100', headers });
    expect(list.body).not.toContain(incident.id);
  });

  it('answers a report without its essentials with field messages', async () => {
    const res = await h.send('employee', 'POST', '/api/incident-log', { occurred_at: 'yesterday', person_kind: 'other', location: '' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<{ errors: Record<string, string[]> }>().errors)).toEqual(
      expect.arrayContaining(['occurred_at', 'location', 'what_happened']),
    );
    const noName = await h.send('employee', 'POST', '/api/incident-log', { ...slip(), person_kind: 'other', person_user_id: null });
    expect(noName.json<{ errors: Record<string, string[]> }>().errors.person_name).toEqual(['Give the name of the person involved.']);
  });
});

describe('RIDDOR', () => {
  it('follows the linked sickness absence: 8 days off → over-7-day, report by 20 January 2026', async () => {
    const incident = await report('manager', slip());
    expect(incident.riddor).toMatchObject({ category: null, reportable: false, deadline: null });
    const sickness = await leaveTypeId(h.t, h.company.companyId, 'sickness');
    // Off from the day after the accident until (and including) Tuesday 13 January.
    const [absence] = await ownerSql<{ id: string }>(
      h.t,
      sql`insert into user_absences (company_id, user_id, leave_type_id, start_date, end_date, duration_type, status)
          values (${h.company.companyId}, ${people().employee.id}, ${sickness}, '2026-01-06', '2026-01-09', 'days', 'approved') returning id`,
    );
    const linked = await h.send('owner', 'PUT', `/api/incident-log/${incident.id}`, { ...slip(), absence_id: absence!.id });
    expect(linked.statusCode).toBe(200);
    expect(linked.json<IncidentDetail>().riddor).toMatchObject({
      category: 'over_3_day',
      reportable: false,
      incapacity_days: 4,
      days_from: 'absence',
    });

    // The absence grows in the leave module; the incident's answer follows it.
    await ownerSql(h.t, sql`update user_absences set end_date = '2026-01-13' where id = ${absence!.id}`);
    const read = (await h.send('owner', 'GET', `/api/incident-log/${incident.id}`)).json<IncidentDetail>();
    expect(read.riddor).toMatchObject({
      category: 'over_7_day',
      reportable: true,
      deadline: '2026-01-20',
      incapacity_days: 8,
      status: 'reportable',
    });

    const reported = await h.send('owner', 'POST', `/api/incident-log/${incident.id}/riddor-report`, {
      reference: 'RIDDOR-12345',
      reported_on: '2026-01-15',
    });
    expect(reported.json<IncidentDetail>().riddor).toMatchObject({
      status: 'reported',
      reference: 'RIDDOR-12345',
      reported_on: '2026-01-15',
    });
  });

  it('refuses to link someone else’s absence', async () => {
    const incident = await report('manager', slip());
    const sickness = await leaveTypeId(h.t, h.company.companyId, 'sickness');
    const [absence] = await ownerSql<{ id: string }>(
      h.t,
      sql`insert into user_absences (company_id, user_id, leave_type_id, start_date, end_date, duration_type, status)
          values (${h.company.companyId}, ${people().office.id}, ${sickness}, '2026-01-06', '2026-01-09', 'days', 'approved') returning id`,
    );
    const res = await h.send('owner', 'PUT', `/api/incident-log/${incident.id}`, { ...slip(), absence_id: absence!.id });
    expect(res.statusCode).toBe(422);
  });

  it('reminds the owners at once about a specified injury, once', async () => {
    const now = new Date();
    const incident = await report('employee', { ...slip(), specified_injury: 'fracture', occurred_at: now.toISOString() });
    const due = addDays(londonDate(now), 10);
    expect(incident.riddor).toMatchObject({ category: 'specified_injury', reportable: true, deadline: null, written_report_due: due });
    const told = await ownerSql<{ user_id: string; description: string }>(
      h.t,
      sql`select user_id, description from notifications where description like ${`%/incident-log/${incident.id}%`}`,
    );
    expect(told[0]?.description).toContain(`without delay, with the written report by ${due.split('-').reverse().join('/')}`);
    expect(new Set(told.map((row) => row.user_id))).toEqual(new Set([people().owner.id, people().hr.id]));
    expect(told).toHaveLength(2);
  });

  it('lists by RIDDOR status and exports the log as CSV', async () => {
    const reportable = (await h.send('owner', 'GET', '/api/incident-log?riddor[]=reportable&limit=100')).json<IncidentList>();
    expect(reportable.results.length).toBeGreaterThan(0);
    expect(reportable.results.every((row) => row.riddor.status === 'reportable')).toBe(true);
    const csv = await h.send('owner', 'GET', '/api/incident-log/export');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Specified injury');
    expect(csv.body.split('\r\n')[0]).toContain('Date and time,Location,Person involved');
  });
});

describe('follow-up actions', () => {
  it('are H&S tasks of the incident, shown on the record', async () => {
    const incident = await report('employee', slip());
    const res = await h.send('owner', 'POST', '/api/hs-task', {
      title: 'Fix the leaking dishwasher',
      due_date: '2026-02-01',
      assignee: { kind: 'user', id: people().manager.id },
      incident_id: incident.id,
    });
    expect(res.statusCode).toBe(201);
    const read = (await h.send('owner', 'GET', `/api/incident-log/${incident.id}`)).json<IncidentDetail>();
    expect(read.actions.map((action) => action.title)).toEqual(['Fix the leaking dishwasher']);
    const wrongArea = await h.send('owner', 'POST', '/api/hr-task', {
      title: 'x',
      due_date: '2026-02-01',
      assignee: { kind: 'user', id: people().manager.id },
      incident_id: incident.id,
    });
    expect(wrongArea.statusCode).toBe(422);
  });
});

describe('retention', () => {
  it('keeps a record for three years, then offers it for deletion', async () => {
    const recent = await report('employee', slip());
    const old = await report('employee', { ...slip(), location: 'Old warehouse', occurred_at: '2021-03-01T09:00:00Z' });
    expect((await h.send('owner', 'DELETE', `/api/incident-log/${recent.id}`)).statusCode).toBe(422);
    const due = (await h.send('owner', 'GET', '/api/incident-log?retention_due=1&limit=100'))
      .json<IncidentList>()
      .results.map((row) => row.id);
    expect(due).toContain(old.id);
    expect(due).not.toContain(recent.id);
    expect((await h.send('employee', 'DELETE', `/api/incident-log/${old.id}`)).statusCode).toBe(403);
    expect((await h.send('owner', 'DELETE', `/api/incident-log/${old.id}`)).statusCode).toBe(204);
    expect((await h.send('owner', 'GET', `/api/incident-log/${old.id}`)).statusCode).toBe(404);
  });
});
