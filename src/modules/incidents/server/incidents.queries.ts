// The only SQL of the incident log: records as readers may see them, their files and follow-up
// actions (H&S tasks of the incident), the linked sickness absence (through the view), the
// people to remind about RIDDOR, and the writes.
import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { DbOrTrx, Trx } from '../../../server/db/database';
import type { Scope } from '../../../shared/scopes';
import type { CreateIncidentInput, IncidentListQuery, UpdateIncidentInput } from '../incidents.contract';
import type { IncidentsTable } from './incidents-tables';
import './incidents-tables';

export type IncidentReader = { companyId: string; userId: string; departmentIds: readonly string[]; level: Scope };

/** An incident as stored, with the names and the linked absence's dates it is shown with. */
export type IncidentRow = Omit<Selectable<IncidentsTable>, 'updated_at'> & {
  employee_name: string | null;
  reported_by_name: string | null;
  absence_start: string | null;
  absence_end: string | null;
  absence_returned_on: string | null;
};

function readable(reader: IncidentReader): RawBuilder<boolean> {
  if (reader.level === 'company' || reader.level === 'global') return sql<boolean>`true`;
  const mine = sql<boolean>`(i.person_user_id = ${reader.userId} or i.reported_by = ${reader.userId})`;
  if (reader.level === 'department' && reader.departmentIds.length > 0) {
    const departments = sql.join(reader.departmentIds.map((id) => sql`${id}::uuid`));
    return sql<boolean>`(${mine} or p.department_id in (${departments}))`;
  }
  return mine;
}

function baseQuery(trx: DbOrTrx) {
  return trx
    .selectFrom('incidents as i')
    .leftJoin('users as p', 'p.id', 'i.person_user_id')
    .leftJoin('users as r', 'r.id', 'i.reported_by')
    .leftJoin('incident_sickness_absences as a', (join) =>
      join.onRef('a.id', '=', 'i.absence_id').onRef('a.user_id', '=', 'i.person_user_id'),
    )
    .selectAll('i')
    .select([
      sql<string | null>`p.first_name || ' ' || p.surname`.as('employee_name'),
      sql<string | null>`r.first_name || ' ' || r.surname`.as('reported_by_name'),
      sql<string | null>`a.start_date::text`.as('absence_start'),
      sql<string | null>`a.end_date::text`.as('absence_end'),
      sql<string | null>`a.returned_on::text`.as('absence_returned_on'),
    ]);
}

/** Every record the reader may see that matches the SQL filters (RIDDOR status is worked out after). */
export async function findIncidents(
  trx: DbOrTrx,
  input: { reader: IncidentReader; query: IncidentListQuery; retentionBefore: string },
): Promise<IncidentRow[]> {
  const { reader, query } = input;
  let q = baseQuery(trx).where('i.company_id', '=', reader.companyId).where(readable(reader));
  if (query.from) q = q.where(sql<boolean>`(i.occurred_at at time zone 'Europe/London')::date >= ${query.from}::date`);
  if (query.to) q = q.where(sql<boolean>`(i.occurred_at at time zone 'Europe/London')::date <= ${query.to}::date`);
  if (query.retention_due === '1')
    q = q.where(sql<boolean>`(i.occurred_at at time zone 'Europe/London')::date < ${input.retentionBefore}::date`);
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    q = q.where(
      sql<boolean>`(i.location ilike ${like} or i.what_happened ilike ${like} or coalesce(i.person_name, p.first_name || ' ' || p.surname) ilike ${like})`,
    );
  }
  return (await q.orderBy('i.occurred_at', 'desc').orderBy('i.id').limit(5000).execute()) as IncidentRow[];
}

export async function findIncident(trx: DbOrTrx, input: { companyId: string; id: string }): Promise<IncidentRow | undefined> {
  return (await baseQuery(trx).where('i.company_id', '=', input.companyId).where('i.id', '=', input.id).executeTakeFirst()) as
    IncidentRow | undefined;
}

/** Whether the reader's level reaches the record (the person involved and the reporter always do). */
export async function mayRead(trx: DbOrTrx, input: { reader: IncidentReader; id: string }): Promise<boolean> {
  const row = await trx
    .selectFrom('incidents as i')
    .leftJoin('users as p', 'p.id', 'i.person_user_id')
    .select('i.id')
    .where('i.company_id', '=', input.reader.companyId)
    .where('i.id', '=', input.id)
    .where(readable(input.reader))
    .executeTakeFirst();
  return row !== undefined;
}

const values = (companyId: string, input: CreateIncidentInput) => ({
  company_id: companyId,
  occurred_at: new Date(input.occurred_at),
  location: input.location,
  person_kind: input.person_kind,
  person_user_id: input.person_kind === 'employee' ? input.person_user_id : null,
  person_name: input.person_kind === 'other' ? input.person_name : null,
  person_contact: input.person_contact,
  person_is_worker: input.person_kind === 'employee' ? true : input.person_is_worker,
  what_happened: input.what_happened,
  injury: input.injury,
  body_part: input.body_part,
  treatment: input.treatment,
  taken_to_hospital: input.taken_to_hospital,
  witnesses: input.witnesses,
  immediate_actions: input.immediate_actions,
  death: input.death,
  specified_injury: input.specified_injury,
  dangerous_occurrence: input.dangerous_occurrence,
  occupational_disease: input.occupational_disease,
  diagnosed_on: input.diagnosed_on,
  incapacity_last_day: input.incapacity_last_day,
});

export async function insertIncident(
  trx: Trx,
  input: { companyId: string; reportedBy: string; incident: CreateIncidentInput },
): Promise<string> {
  const row = await trx
    .insertInto('incidents')
    .values({ ...values(input.companyId, input.incident), reported_by: input.reportedBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateIncidentRow(trx: Trx, input: { companyId: string; id: string; incident: UpdateIncidentInput }): Promise<void> {
  const { company_id: _company, ...rest } = values(input.companyId, input.incident);
  await trx
    .updateTable('incidents')
    .set({ ...rest, absence_id: input.incident.absence_id, updated_at: sql`now()` })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .execute();
}

export async function setRiddorReport(
  trx: Trx,
  input: { companyId: string; id: string; reference: string; reportedOn: string },
): Promise<void> {
  await trx
    .updateTable('incidents')
    .set({ riddor_reference: input.reference, riddor_reported_on: input.reportedOn, updated_at: sql`now()` })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .execute();
}

export async function deleteIncidentRow(trx: Trx, input: { companyId: string; id: string }): Promise<boolean> {
  const result = await trx.deleteFrom('incidents').where('company_id', '=', input.companyId).where('id', '=', input.id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function insertIncidentFile(
  trx: Trx,
  input: { companyId: string; incidentId: string; fileId: string; userId: string },
): Promise<void> {
  await trx
    .insertInto('incident_files')
    .values({ company_id: input.companyId, incident_id: input.incidentId, file_id: input.fileId, created_by: input.userId })
    .execute();
}

export async function findIncidentFiles(trx: DbOrTrx, input: { companyId: string; incidentId: string }) {
  return trx
    .selectFrom('incident_files as x')
    .innerJoin('files as f', 'f.id', 'x.file_id')
    .select(['f.id', 'f.original_name', 'f.mime_type', 'f.storage_key', 'x.created_at'])
    .where('x.company_id', '=', input.companyId)
    .where('x.incident_id', '=', input.incidentId)
    .orderBy('x.created_at')
    .execute();
}

/** Follow-up actions: the H&S tasks made for the incident. */
export async function findIncidentActions(trx: DbOrTrx, input: { companyId: string; incidentId: string }) {
  const { rows } = await sql<{ id: string; title: string; due_date: string; status: 'open' | 'done'; assignee_name: string }>`
    select t.id, t.title, t.due_date::text as due_date, t.status, u.first_name || ' ' || u.surname as assignee_name
    from tasks t join users u on u.id = t.assignee_id
    where t.company_id = ${input.companyId} and t.incident_id = ${input.incidentId}
    order by t.due_date, t.id`.execute(trx);
  return rows;
}

/** The sickness absences of a person, newest first, through the view. */
export async function findSicknessAbsences(trx: DbOrTrx, input: { companyId: string; userId: string }) {
  return trx
    .selectFrom('incident_sickness_absences')
    .select([
      'id',
      sql<string>`start_date::text`.as('start_date'),
      sql<string | null>`end_date::text`.as('end_date'),
      sql<string | null>`returned_on::text`.as('returned_on'),
    ])
    .where('company_id', '=', input.companyId)
    .where('user_id', '=', input.userId)
    .orderBy('start_date', 'desc')
    .limit(50)
    .execute();
}

/** An active user of the company. */
export async function isCompanyUser(trx: DbOrTrx, input: { companyId: string; userId: string }): Promise<boolean> {
  const row = await trx
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whom to remind about a report to make: the company's people who edit incidents company-wide. */
export async function findIncidentOwners(trx: DbOrTrx, companyId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select distinct u.id from users u join role_permissions p on p.role_id = u.role_id
    where u.company_id = ${companyId} and u.status = 'active'
      and p.endpoint = '/api/incident-log' and p.method = 'PUT' and p.type in ('company', 'global')`.execute(trx);
  return rows.map((row) => row.id);
}

/** Unreported records of the last `days` days not yet reminded about, across companies (system scope). */
export async function findUnremindedIncidents(trx: DbOrTrx, input: { since: Date }): Promise<IncidentRow[]> {
  return (await baseQuery(trx)
    .where('i.riddor_reported_on', 'is', null)
    .where('i.riddor_reminded_at', 'is', null)
    .where('i.occurred_at', '>=', input.since)
    .execute()) as IncidentRow[];
}

/** Claims the reminder of one record: true once, for the first caller. */
export async function claimRiddorReminder(trx: Trx, input: { id: string; now: Date }): Promise<boolean> {
  const result = await trx
    .updateTable('incidents')
    .set({ riddor_reminded_at: input.now })
    .where('id', '=', input.id)
    .where('riddor_reminded_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function companyHasIncidents(trx: DbOrTrx, companyId: string): Promise<boolean> {
  return (await trx.selectFrom('incidents').select('id').where('company_id', '=', companyId).limit(1).executeTakeFirst()) !== undefined;
}
