// Importing people, all or nothing: in one tenant transaction the chosen missing departments,
// locations and job titles are added, every row is written (someone new through the same
// announcement as Add employee, so leave gives them the default policy; someone known by their
// work e-mail is updated), line managers are set once everyone exists, allowances and leave
// taken go to the leave module's balance, each person's change is audited, and the mapping is
// remembered. Any refusal rolls everything back. Invitations follow, each its own.
import type { AppDeps } from '../../../server/app-deps';
import { callerAuditEntry, type AuditCaller } from '../../../server/audit/audit-entry';
import { withSystem, withTenant, type Trx } from '../../../server/db/database';
import { leaveImportOf } from '../../../server/module-hooks';
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
import { findRoleIdByName, recordAuditEntries } from './directory-writes.queries';
import { upsertEmploymentDetails, type EmploymentValues } from './employment-records.queries';
import { mappingProblems, planImport, rememberedMapping, type ImportBody, type ListKind, type PlannedRow } from './people-import-plan';
import { moveToDepartment } from './people-scope.queries';
import {
  findCurrentWeek,
  findEmailsTakenElsewhere,
  getImportMapping,
  insertImportedPerson,
  insertJobTitle,
  insertListItems,
  insertWorkingPattern,
  saveImportMapping,
  setLineManager,
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

/** Writes one row; answers the person's id. */
async function writeRow(
  trx: Trx,
  input: { context: ImportContext; row: PlannedRow; ids: Record<ListKind, Map<string, string>>; roleId: string | null; today: string },
): Promise<Written> {
  const { context, row, ids, roleId, today } = input;
  const { companyId } = context;
  const { person, existing } = row;
  const idOf = (kind: ListKind, name: string | undefined) => (name ? (ids[kind].get(key(name)) ?? null) : undefined);
  const departmentId = idOf('departments', person.department);
  const locationId = idOf('locations', person.location);
  const positionId = idOf('job_titles', person.job_title);
  const actorId = context.caller.session.userId;
  let userId: string;
  const fields: string[] = [];
  if (!existing) {
    userId = await insertImportedPerson(trx, {
      companyId,
      firstName: person.first_name,
      surname: person.surname,
      email: person.email,
      roleId,
      departmentId: departmentId ?? null,
      locationId: locationId ?? null,
      jobTitle: person.job_title ?? null,
      positionId: positionId ?? null,
      jobStartDate: person.start_date ?? today,
    });
  } else {
    userId = existing.id;
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
      await insertJobTitle(trx, { companyId, userId, title: person.job_title, positionId: positionId ?? null, startDate: today });
      fields.push('job_title');
    }
  }
  const employment: EmploymentValues = {};
  if (person.start_date !== undefined) employment.start_date = person.start_date;
  if (row.contractTypeId) employment.contract_type_id = row.contractTypeId;
  if (Object.keys(employment).length > 0) {
    await upsertEmploymentDetails(trx, { companyId, userId, values: employment });
    fields.push(...Object.keys(employment));
  }
  const contact = { ...person.address, personal_email: person.personal_email, mobile_phone: person.mobile_phone };
  if (Object.values(contact).some((value) => value !== undefined)) {
    await upsertContactDetails(trx, { companyId, userId, change: contact });
    fields.push('contact_details');
  }
  if (person.date_of_birth !== undefined || person.ni_number !== undefined) {
    await upsertPersonalDetails(trx, { companyId, userId, change: { date_of_birth: person.date_of_birth, ni_number: person.ni_number } });
    fields.push('personal_details');
  }
  if (row.week) {
    const current = existing ? await findCurrentWeek(trx, { companyId, userId, date: today }) : undefined;
    if (!sameWeek(current, row.week.hours)) {
      const startDate = existing ? today : (person.start_date ?? today);
      await insertWorkingPattern(trx, { companyId, userId, startDate, templateId: row.week.templateId, hours: row.week.hours });
      fields.push('working_pattern');
    }
  }
  // After the pattern and start date: the default policy's first year is pro-rata from them.
  if (!existing) await announcePersonAdded(context.deps.modules, trx, { companyId, userId, startDate: person.start_date ?? null, actorId });
  return {
    id: userId,
    name: `${person.first_name} ${person.surname}`,
    email: person.email,
    action: existing ? 'update' : 'new',
    status: existing?.status ?? 'pending',
    fields,
  };
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
    const written: Written[] = [];
    const byEmail = new Map<string, string>();
    for (const [index, row] of plan.rows.entries()) {
      try {
        const person = await writeRow(trx, { context, row, ids, roleId, today });
        written.push(person);
        byEmail.set(row.person.email.toLowerCase(), person.id);
      } catch (error) {
        if (error instanceof AppError && error.status < 500) throw new ImportRowRefused([rowError(row.person.line, error.message)]);
        throw error;
      }
      progress(index + 1, total);
    }
    for (const [index, row] of plan.rows.entries()) {
      const person = written[index];
      if (!person) continue;
      const managerId = row.manager && ('id' in row.manager ? row.manager.id : byEmail.get(row.manager.email));
      if (managerId) await setLineManager(trx, { companyId, userId: person.id, managerId });
      if (row.person.annual_allowance !== undefined || row.person.leave_taken !== undefined) {
        const problem = leave
          ? await leave.importLeave(trx, {
              companyId,
              userId: person.id,
              actorId: caller.session.userId,
              ...(row.person.annual_allowance !== undefined ? { allowance: row.person.annual_allowance } : {}),
              ...(row.person.leave_taken !== undefined ? { taken: row.person.leave_taken } : {}),
              today,
            })
          : null;
        if (problem) throw new ImportRowRefused([rowError(row.person.line, problem)]);
      }
    }
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
