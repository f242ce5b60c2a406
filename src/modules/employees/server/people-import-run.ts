// Importing people, all or nothing: in one tenant transaction the chosen missing departments,
// locations and job titles are added, every row is written (someone new through the same
// announcement as Add employee, so leave gives them the default policy; someone known by their
// work e-mail is updated), line managers are set once everyone exists, allowances and leave
// taken go to the leave module's balance, each person's change is audited, and the mapping is
// remembered. Any refusal rolls everything back. Invitations follow, each its own.
import type { AppDeps } from '../../../server/app-deps';
import { callerAuditEntry, type AuditCaller } from '../../../server/audit/audit-entry';
import { withSystem, withTenant, type Trx } from '../../../server/db/database';
import { leaveImportOf, type LeaveImport } from '../../../server/module-hooks';
import { publish } from '../../../server/realtime/publish';
import { announcePersonAdded } from '../../../server/server-module';
import { AppError } from '../../../shared/app-error';
import { londonDate } from '../../../shared/dates';
import { companyChannel } from '../../../shared/realtime';
import { WEEKDAY_FIELDS, type WeekHours } from '../employment-records.contract';
import {
  headerKey,
  peopleImportMessages as M,
  PEOPLE_IMPORT_INVALIDATES,
  type ImportPreview,
  type ImportResult,
  type ImportRowPreview,
  type MissingItems,
} from '../people-import.contract';
import { inviteEmployee } from './directory-invite';
import { recordAuditEntries } from '../../../server/audit/audit.queries';
import { findRoleIdByName } from './directory-writes.queries';
import { upsertEmploymentDetails, type EmploymentValues } from './employment-records.queries';
import { mappingProblems, planImport, rememberedMapping, type ImportBody, type ListKind, type PlannedRow } from './people-import-plan';
import { moveToDepartment } from './people-scope.queries';
import {
  findCurrentWeek,
  findEmailsTakenElsewhere,
  getImportMapping,
  insertImportedPeople,
  insertJobTitle,
  insertNewPeopleRecords,
  insertListItems,
  insertWorkingPattern,
  saveImportMapping,
  setLineManagers,
  updateImportedPerson,
} from './people-import.queries';
import { upsertContactDetails, upsertPersonalDetails } from './personal-records.queries';

export type ImportContext = { deps: Pick<AppDeps, 'config' | 'db' | 'mail' | 'modules'>; caller: AuditCaller; companyId: string };
export type Progress = (done: number, total: number) => void;

/** A refusal found while writing one row: the whole import rolls back and the row says why. */
export class ImportRowRefused extends AppError {
  constructor(readonly rows: ImportRowPreview[]) {
    super('validation', {
      message: M.failed,
      fieldErrors: { rows: rows.map((row) => `Line ${row.line}: ${Object.values(row.errors).flat().join(' ')}`) },
    });
  }
}

const takenElsewhere = (context: ImportContext) => (emails: string[]) =>
  withSystem(context.deps.db, (trx) => findEmailsTakenElsewhere(trx, { companyId: context.companyId, emails }));

function requireMapping(body: ImportBody): void {
  const problems = mappingProblems(body);
  if (Object.keys(problems).length > 0) throw AppError.validation(problems);
}

/** Saves the mapping as the company's next starting point when it differs from the one remembered. */
async function rememberMapping(trx: Trx, context: ImportContext, body: ImportBody): Promise<void> {
  const mapping = { ...(await getImportMapping(trx, context.companyId)), ...rememberedMapping(body, headerKey) };
  const before = JSON.stringify(await getImportMapping(trx, context.companyId));
  if (before === JSON.stringify(mapping)) return;
  await saveImportMapping(trx, { companyId: context.companyId, mapping });
  await recordAuditEntries(trx, [
    callerAuditEntry(context.caller, {
      companyId: context.companyId,
      action: 'people_import.mapping_saved',
      targetType: 'company',
      targetId: context.companyId,
      details: { columns: body.headers.length },
    }),
  ]);
}

/** The preview: every row with its errors, the counts, and the missing list items. Writes only the remembered mapping. */
export async function previewImport(context: ImportContext, body: ImportBody): Promise<ImportPreview> {
  requireMapping(body);
  return withTenant(context.deps.db, context.companyId, async (trx) => {
    const plan = await planImport(trx, { companyId: context.companyId, body, takenElsewhere: takenElsewhere(context) });
    await rememberMapping(trx, context, body);
    return plan.preview;
  });
}

/** Checks the body before anything is streamed: a 422 names the rows in error. */
export async function checkImport(context: ImportContext, body: ImportBody): Promise<ImportPreview> {
  requireMapping(body);
  const preview = await withTenant(
    context.deps.db,
    context.companyId,
    async (trx) => (await planImport(trx, { companyId: context.companyId, body, takenElsewhere: takenElsewhere(context) })).preview,
  );
  if (preview.counts.errors > 0) {
    throw new ImportRowRefused(preview.rows.filter((row) => row.action === 'error'));
  }
  if (preview.counts.new + preview.counts.updated === 0) throw AppError.validation({ rows: [M.empty] });
  return preview;
}

const sameWeek = (a: WeekHours | undefined, b: WeekHours) => a !== undefined && WEEKDAY_FIELDS.every((day) => Number(a[day]) === b[day]);
const LIST_TABLES: Record<ListKind, 'departments' | 'company_locations' | 'company_positions'> = {
  departments: 'departments',
  locations: 'company_locations',
  job_titles: 'company_positions',
};
const key = (name: string) => name.trim().toLowerCase();

type Written = { id: string; name: string; email: string; action: 'new' | 'update'; status: string; fields: string[] };

const written = (row: PlannedRow, id: string, fields: string[]): Written => ({
  id,
  name: `${row.person.first_name} ${row.person.surname}`,
  email: row.person.email,
  action: row.existing ? 'update' : 'new',
  status: row.existing?.status ?? 'pending',
  fields,
});

type WriteInput = { context: ImportContext; ids: Record<ListKind, Map<string, string>>; today: string; leave: LeaveImport | null };

/** The row's allowance and leave taken, through the leave module's offer; a refusal names the row. */
async function importLeaveOf(trx: Trx, input: WriteInput & { row: PlannedRow; userId: string }): Promise<void> {
  const { person } = input.row;
  if (!input.leave || (person.annual_allowance === undefined && person.leave_taken === undefined)) return;
  const problem = await input.leave.importLeave(trx, {
    companyId: input.context.companyId,
    userId: input.userId,
    actorId: input.context.caller.session.userId,
    ...(person.annual_allowance !== undefined ? { allowance: person.annual_allowance } : {}),
    ...(person.leave_taken !== undefined ? { taken: person.leave_taken } : {}),
    today: input.today,
  });
  if (problem) throw new ImportRowRefused([rowError(person.line, problem)]);
}
const idOf = (ids: WriteInput['ids'], kind: ListKind, name: string | undefined) => (name ? (ids[kind].get(key(name)) ?? null) : undefined);
const contactOf = (row: PlannedRow) => ({
  ...row.person.address,
  personal_email: row.person.personal_email,
  mobile_phone: row.person.mobile_phone,
});
const given = (values: object) => Object.values(values).some((value) => value !== undefined);

/**
 * Everyone new at once (a statement per table, not per person), then each announced as Add
 * employee announces them — after their start date and working pattern exist, since leave's
 * default policy makes their first year pro rata from them. `progress` hears after each.
 */
async function writeNewPeople(
  trx: Trx,
  input: WriteInput & { rows: PlannedRow[]; roleId: string | null; progress: () => void },
): Promise<Written[]> {
  const { context, ids, today, rows } = input;
  const { companyId } = context;
  if (rows.length === 0) return [];
  const userIds = await insertImportedPeople(
    trx,
    rows.map(({ person }) => ({
      companyId,
      firstName: person.first_name,
      surname: person.surname,
      email: person.email,
      roleId: input.roleId,
      departmentId: idOf(ids, 'departments', person.department) ?? null,
      locationId: idOf(ids, 'locations', person.location) ?? null,
      jobTitle: person.job_title ?? null,
      positionId: idOf(ids, 'job_titles', person.job_title) ?? null,
      jobStartDate: person.start_date ?? today,
    })),
  );
  const people = rows.map((row) => ({ row, userId: userIds.get(row.person.email.toLowerCase()) ?? '' }));
  await insertNewPeopleRecords(trx, {
    companyId,
    employment: people.flatMap(({ row, userId }) =>
      row.person.start_date || row.contractTypeId
        ? [{ userId, values: { start_date: row.person.start_date ?? null, contract_type_id: row.contractTypeId } }]
        : [],
    ),
    contact: people.flatMap(({ row, userId }) => (given(contactOf(row)) ? [{ userId, values: contactOf(row) }] : [])),
    personal: people.flatMap(({ row, userId }) =>
      row.person.date_of_birth !== undefined || row.person.ni_number !== undefined
        ? [{ userId, values: { date_of_birth: row.person.date_of_birth ?? null, ni_number: row.person.ni_number ?? null } }]
        : [],
    ),
    patterns: people.flatMap(({ row, userId }) =>
      row.week
        ? [{ userId, values: { ...row.week.hours, start_date: row.person.start_date ?? today, template_id: row.week.templateId } }]
        : [],
    ),
  });
  const actorId = context.caller.session.userId;
  const result: Written[] = [];
  for (const { row, userId } of people) {
    try {
      await announcePersonAdded(context.deps.modules, trx, { companyId, userId, startDate: row.person.start_date ?? null, actorId });
    } catch (error) {
      if (error instanceof AppError && error.status < 500) throw new ImportRowRefused([rowError(row.person.line, error.message)]);
      throw error;
    }
    await importLeaveOf(trx, { ...input, row, userId });
    const fields = [
      'first_name',
      'surname',
      ...(row.week ? ['working_pattern'] : []),
      ...(given(contactOf(row)) ? ['contact_details'] : []),
    ];
    result.push(written(row, userId, fields));
    input.progress();
  }
  return result;
}

/** Someone known by their work e-mail: what the row gives changes; an empty cell leaves the field as it is. */
async function writeUpdate(trx: Trx, input: WriteInput & { row: PlannedRow }): Promise<Written> {
  const { context, row, ids, today } = input;
  const { companyId } = context;
  const { person } = row;
  const existing = row.existing as NonNullable<PlannedRow['existing']>;
  const userId = existing.id;
  const departmentId = idOf(ids, 'departments', person.department);
  const locationId = idOf(ids, 'locations', person.location);
  const fields: string[] = [];
  const change: { first_name?: string; surname?: string; location_id?: string | null } = {};
  if (person.first_name !== existing.first_name) change.first_name = person.first_name;
  if (person.surname !== existing.surname) change.surname = person.surname;
  if (locationId !== undefined && locationId !== existing.location_id) change.location_id = locationId;
  if (departmentId !== undefined && departmentId !== existing.department_id) {
    await moveToDepartment(trx, { companyId, userIds: [userId], departmentId });
    fields.push('department');
  }
  await updateImportedPerson(trx, { companyId, userId, change });
  fields.push(...Object.keys(change));
  if (person.job_title && person.job_title !== existing.job_title) {
    const positionId = idOf(ids, 'job_titles', person.job_title) ?? null;
    await insertJobTitle(trx, { companyId, userId, title: person.job_title, positionId, startDate: today });
    fields.push('job_title');
  }
  const employment: EmploymentValues = {};
  if (person.start_date !== undefined) employment.start_date = person.start_date;
  if (row.contractTypeId) employment.contract_type_id = row.contractTypeId;
  if (Object.keys(employment).length > 0) {
    await upsertEmploymentDetails(trx, { companyId, userId, values: employment });
    fields.push(...Object.keys(employment));
  }
  if (given(contactOf(row))) {
    await upsertContactDetails(trx, { companyId, userId, change: contactOf(row) });
    fields.push('contact_details');
  }
  if (person.date_of_birth !== undefined || person.ni_number !== undefined) {
    await upsertPersonalDetails(trx, { companyId, userId, change: { date_of_birth: person.date_of_birth, ni_number: person.ni_number } });
    fields.push('personal_details');
  }
  if (row.week && !sameWeek(await findCurrentWeek(trx, { companyId, userId, date: today }), row.week.hours)) {
    await insertWorkingPattern(trx, { companyId, userId, startDate: today, templateId: row.week.templateId, hours: row.week.hours });
    fields.push('working_pattern');
  }
  await importLeaveOf(trx, { ...input, userId });
  return written(row, userId, fields);
}

const rowError = (line: number, message: string): ImportRowPreview => ({
  line,
  name: '',
  email: '',
  action: 'error',
  errors: { row: [message] },
});

/**
 * Imports the checked body (see checkImport) all or nothing; `progress` hears after each row.
 * Invites the new people (and those still waiting for one) when asked, after the commit.
 */
export async function runImport(context: ImportContext, body: ImportBody, progress: Progress): Promise<ImportResult> {
  const { deps, caller, companyId } = context;
  const today = londonDate(new Date());
  const leave = leaveImportOf(deps.modules);
  const committed = await withTenant(deps.db, companyId, async (trx) => {
    const plan = await planImport(trx, { companyId, body, takenElsewhere: takenElsewhere(context) });
    if (plan.errorCount > 0) throw new ImportRowRefused(plan.preview.rows.filter((row) => row.action === 'error'));
    const total = plan.rows.length;
    const ids = plan.lists;
    const created: MissingItems = { departments: [], locations: [], job_titles: [] };
    for (const kind of Object.keys(LIST_TABLES) as ListKind[]) {
      const added = await insertListItems(trx, { companyId, table: LIST_TABLES[kind], names: plan.toCreate[kind] });
      for (const [name, id] of added) ids[kind].set(name, id);
      created[kind] = plan.toCreate[kind];
    }
    const roleId = (await findRoleIdByName(trx, { companyId, name: 'Employee' })) ?? null;
    let done = 0;
    const progressed = () => progress(++done, total);
    const added = await writeNewPeople(trx, {
      context,
      ids,
      today,
      leave,
      roleId,
      rows: plan.rows.filter((row) => !row.existing),
      progress: progressed,
    });
    const updated: Written[] = [];
    for (const row of plan.rows.filter((candidate) => candidate.existing)) {
      updated.push(await writeUpdate(trx, { context, ids, today, leave, row }));
      progressed();
    }
    const writtenByEmail = new Map([...added, ...updated].map((person) => [person.email.toLowerCase(), person]));
    const people = plan.rows.map((row) => writtenByEmail.get(row.person.email.toLowerCase()));
    const byEmail = new Map([...writtenByEmail].map(([email, person]) => [email, person.id]));
    const pairs = plan.rows.flatMap((row, index) => {
      const managerId = row.manager && ('id' in row.manager ? row.manager.id : byEmail.get(row.manager.email));
      const userId = people[index]?.id;
      return managerId && userId ? [{ userId, managerId }] : [];
    });
    await setLineManagers(trx, { companyId, pairs });
    const written = people.filter((person): person is Written => person !== undefined);
    await recordAuditEntries(trx, [
      ...written.map((person) =>
        callerAuditEntry(caller, {
          companyId,
          action: person.action === 'new' ? 'user.created' : 'user.updated',
          targetType: 'user',
          targetId: person.id,
          details: { source: 'people_import', fields: person.fields },
        }),
      ),
      callerAuditEntry(caller, {
        companyId,
        action: 'people_import.completed',
        targetType: 'company',
        targetId: companyId,
        details: {
          created: written.filter((person) => person.action === 'new').length,
          updated: written.filter((person) => person.action === 'update').length,
          created_items: created,
          invite: body.invite,
        },
      }),
    ]);
    await rememberMapping(trx, context, body);
    await publish(trx, { channel: companyChannel(companyId), event: 'user-basic', invalidates: PEOPLE_IMPORT_INVALIDATES, companyId });
    return { written, created };
  });
  const toInvite = body.invite ? committed.written.filter((person) => person.status === 'pending' || person.status === 'invited') : [];
  for (const person of toInvite) await inviteEmployee({ deps, caller, scope: 'company', companyId, userId: person.id });
  return {
    created: committed.written.filter((person) => person.action === 'new').length,
    updated: committed.written.filter((person) => person.action === 'update').length,
    invited: toInvite.length,
    created_items: committed.created,
    people: committed.written.map(({ id, name, email, action }) => ({ id, name, email, action })),
  };
}
