// The incident log: reporting (anyone with the permission, for themselves or a colleague, from a
// phone, with a photo), reading (the scope holders, the person involved and the reporter; every
// read audited, as the records hold health data), editing and linking the sickness absence
// (company scope), marking a RIDDOR report made, deletion after the retention period, and the
// reminder to the owners while a report is due.
import type { AuditCaller } from '../../../server/audit/audit-entry';
import { auditCaller } from '../../../server/audit/audit-entry';
import { withSystem, withTenant, type Db, type Trx } from '../../../server/db/database';
import { escapeHtml } from '../../../server/mail/html';
import type { MailDispatcher } from '../../../server/mail/mail-dispatcher';
import { notify } from '../../../server/notifications/notify';
import { resolveTodos } from '../../../server/notifications/resolve-todos';
import { requireCompany } from '../../../server/plugins/request-context';
import { publish } from '../../../server/realtime/publish';
import { AppError } from '../../../shared/app-error';
import { addDays, DATE_FORMATS, formatCalendarDate, londonDate } from '../../../shared/dates';
import type { Paging } from '../../../shared/list';
import { companyChannel } from '../../../shared/realtime';
import { levelFor, scopeRank, type Scope } from '../../../shared/scopes';
import { RIDDOR_CATEGORY_LABELS } from '../riddor';
import {
  INCIDENT_ENDPOINT,
  INCIDENT_INVALIDATES,
  INCIDENT_RESOURCE,
  incidentMessages,
  RETENTION_YEARS,
  type CreateIncidentInput,
  type Incident,
  type IncidentDetail,
  type IncidentListQuery,
  type LinkedAbsence,
  type RiddorReportInput,
  type UpdateIncidentInput,
} from '../incidents.contract';
import { incidentDate, riddorOf, toIncident, toIncidentDetail } from './incident-view';
import * as q from './incidents.queries';
import { INCIDENT_RIDDOR_REPORT, incidentSubject } from './incidents.todos';

export type IncidentCaller = AuditCaller & { db: Db; mail: Pick<MailDispatcher, 'wake'> };

/** Remind the owners this many days before an over-7-day report is due (at once for "without delay"). */
export const REMIND_DAYS_BEFORE = 5;

const today = () => londonDate(new Date());

function readerOf(caller: IncidentCaller): q.IncidentReader {
  const { session } = caller;
  const level = levelFor(session.permissions, INCIDENT_ENDPOINT, 'GET');
  if (!level) throw AppError.forbidden();
  return { companyId: requireCompany(session), userId: session.userId, departmentIds: session.departmentIds, level };
}

const companyWide = (level: Scope | null) => level !== null && scopeRank(level) >= scopeRank('company');
const mayEdit = (caller: IncidentCaller) => companyWide(levelFor(caller.session.permissions, INCIDENT_ENDPOINT, 'PUT'));

function audit(trx: Trx, caller: IncidentCaller, action: string, targetId: string | null, details: Record<string, unknown> | null = null) {
  return auditCaller(trx, caller, {
    companyId: requireCompany(caller.session),
    action: `incident.${action}`,
    targetType: INCIDENT_RESOURCE,
    targetId,
    details,
  });
}

async function changed(trx: Trx, companyId: string): Promise<void> {
  await publish(trx, { channel: companyChannel(companyId), event: INCIDENT_RESOURCE, invalidates: INCIDENT_INVALIDATES, companyId });
}

async function readable(trx: Trx, caller: IncidentCaller, id: string): Promise<q.IncidentRow> {
  const reader = readerOf(caller);
  const row = await q.findIncident(trx, { companyId: reader.companyId, id });
  if (!row) throw AppError.notFound();
  if (!(await q.mayRead(trx, { reader, id }))) throw AppError.forbidden();
  return row;
}

/** Matching records with their RIDDOR status, all of them (an accident book is short): the page is cut here. */
async function matching(trx: Trx, caller: IncidentCaller, query: IncidentListQuery): Promise<Incident[]> {
  const now = today();
  const rows = await q.findIncidents(trx, {
    reader: readerOf(caller),
    query,
    retentionBefore: `${Number(now.slice(0, 4)) - RETENTION_YEARS}${now.slice(4)}`,
  });
  const incidents = rows.map((row) => toIncident(row, now));
  return query.riddor?.length ? incidents.filter((incident) => query.riddor?.includes(incident.riddor.status)) : incidents;
}

export async function listIncidents(caller: IncidentCaller, input: { query: IncidentListQuery; paging: Paging }) {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, async (trx) => {
    const incidents = await matching(trx, caller, input.query);
    const results = incidents.slice(input.paging.offset, input.paging.offset + input.paging.limit);
    await audit(trx, caller, 'listed', null, { count: results.length });
    return { results, count: incidents.length };
  });
}

export async function exportIncidents(caller: IncidentCaller, query: IncidentListQuery): Promise<Incident[]> {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, async (trx) => {
    const incidents = await matching(trx, caller, query);
    await audit(trx, caller, 'exported', null, { count: incidents.length });
    return incidents;
  });
}

async function detailOf(trx: Trx, caller: IncidentCaller, row: q.IncidentRow): Promise<IncidentDetail> {
  const companyId = requireCompany(caller.session);
  const [files, actions] = await Promise.all([
    q.findIncidentFiles(trx, { companyId, incidentId: row.id }),
    q.findIncidentActions(trx, { companyId, incidentId: row.id }),
  ]);
  return toIncidentDetail(row, { today: today(), canEdit: mayEdit(caller), files, actions });
}

export async function getIncident(caller: IncidentCaller, id: string): Promise<IncidentDetail> {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, async (trx) => {
    const row = await readable(trx, caller, id);
    await audit(trx, caller, 'read', id);
    return detailOf(trx, caller, row);
  });
}

async function checkPerson(trx: Trx, companyId: string, input: CreateIncidentInput): Promise<void> {
  if (
    input.person_kind === 'employee' &&
    input.person_user_id &&
    !(await q.isCompanyUser(trx, { companyId, userId: input.person_user_id }))
  ) {
    throw AppError.validation({ person_user_id: [incidentMessages.unknown] });
  }
}

/** Tells the owners a report is due, once per record (claimed on the row). */
export async function remindIfDue(trx: Trx, row: q.IncidentRow, now: Date): Promise<boolean> {
  if (row.riddor_reported_on || row.riddor_reminded_at) return false;
  const riddor = riddorOf(row, londonDate(now));
  if (!riddor.reportable || !riddor.category) return false;
  if (riddor.deadline && addDays(riddor.deadline, -REMIND_DAYS_BEFORE) > londonDate(now)) return false;
  if (!(await q.claimRiddorReminder(trx, { id: row.id, now }))) return false;
  const when = riddor.deadline
    ? `by ${formatCalendarDate(riddor.deadline, DATE_FORMATS.date)}`
    : riddor.written_report_due
      ? `without delay, with the written report by ${formatCalendarDate(riddor.written_report_due, DATE_FORMATS.date)}`
      : 'without delay';
  const text = `RIDDOR: the incident at ${row.location} on ${formatCalendarDate(incidentDate(row), DATE_FORMATS.date)} (${RIDDOR_CATEGORY_LABELS[riddor.category]}) must be reported to the HSE ${when}.`;
  for (const userId of await q.findIncidentOwners(trx, row.company_id)) {
    await notify(trx, {
      companyId: row.company_id,
      userId,
      description: `${escapeHtml(text)} <a href="/incident-log/${row.id}">Open the record</a>`,
      todo: true,
      kind: INCIDENT_RIDDOR_REPORT.kind,
      subject: incidentSubject(row.id),
      email: { subject: 'An incident must be reported under RIDDOR', text },
    });
  }
  return true;
}

/** The owners' "report it to the HSE" to-dos end: the report is recorded, the record deleted, or it no longer needs reporting. */
const endRiddorTodos = (trx: Trx, companyId: string, id: string) =>
  resolveTodos(trx, { companyId, kind: INCIDENT_RIDDOR_REPORT.kind, subject: incidentSubject(id) });

export async function reportIncident(
  caller: IncidentCaller,
  input: { incident: CreateIncidentInput } | { receive: (trx: Trx) => Promise<{ incident: CreateIncidentInput; fileId: string }> },
): Promise<IncidentDetail> {
  const companyId = requireCompany(caller.session);
  const detail = await withTenant(caller.db, companyId, async (trx) => {
    const received = 'receive' in input ? await input.receive(trx) : { incident: input.incident, fileId: null };
    await checkPerson(trx, companyId, received.incident);
    const id = await q.insertIncident(trx, { companyId, reportedBy: caller.session.userId, incident: received.incident });
    if (received.fileId)
      await q.insertIncidentFile(trx, { companyId, incidentId: id, fileId: received.fileId, userId: caller.session.userId });
    await audit(trx, caller, 'reported', id);
    const row = await q.findIncident(trx, { companyId, id });
    if (!row) throw AppError.notFound();
    await remindIfDue(trx, row, new Date());
    await changed(trx, companyId);
    return detailOf(trx, caller, (await q.findIncident(trx, { companyId, id })) ?? row);
  });
  caller.mail.wake();
  return detail;
}

export async function updateIncident(caller: IncidentCaller, id: string, input: UpdateIncidentInput): Promise<IncidentDetail> {
  const companyId = requireCompany(caller.session);
  if (!mayEdit(caller)) throw AppError.forbidden();
  const detail = await withTenant(caller.db, companyId, async (trx) => {
    await readable(trx, caller, id);
    await checkPerson(trx, companyId, input);
    if (input.absence_id) {
      if (input.person_kind !== 'employee' || !input.person_user_id)
        throw AppError.validation({ absence_id: [incidentMessages.notEmployee] });
      const absences = await q.findSicknessAbsences(trx, { companyId, userId: input.person_user_id });
      if (!absences.some((absence) => absence.id === input.absence_id))
        throw AppError.validation({ absence_id: [incidentMessages.absence] });
    }
    await q.updateIncidentRow(trx, { companyId, id, incident: input });
    await audit(trx, caller, 'updated', id, input.absence_id ? { absence_id: input.absence_id } : null);
    const row = await q.findIncident(trx, { companyId, id });
    if (!row) throw AppError.notFound();
    if (!riddorOf(row, today()).reportable) await endRiddorTodos(trx, companyId, id);
    await remindIfDue(trx, row, new Date());
    await changed(trx, companyId);
    return detailOf(trx, caller, row);
  });
  caller.mail.wake();
  return detail;
}

export async function markReported(caller: IncidentCaller, id: string, input: RiddorReportInput): Promise<IncidentDetail> {
  const companyId = requireCompany(caller.session);
  if (!mayEdit(caller)) throw AppError.forbidden();
  return withTenant(caller.db, companyId, async (trx) => {
    const row = await readable(trx, caller, id);
    if (input.reported_on < incidentDate(row)) throw AppError.validation({ reported_on: [incidentMessages.reportedBeforeIncident] });
    await q.setRiddorReport(trx, { companyId, id, reference: input.reference, reportedOn: input.reported_on });
    await audit(trx, caller, 'riddor_reported', id, { reference: input.reference });
    await endRiddorTodos(trx, companyId, id);
    await changed(trx, companyId);
    return detailOf(trx, caller, (await q.findIncident(trx, { companyId, id })) ?? row);
  });
}

export async function deleteIncident(caller: IncidentCaller, id: string): Promise<boolean> {
  const companyId = requireCompany(caller.session);
  if (!mayEdit(caller)) throw AppError.forbidden();
  return withTenant(caller.db, companyId, async (trx) => {
    const row = await readable(trx, caller, id);
    const now = today();
    if (incidentDate(row) >= `${Number(now.slice(0, 4)) - RETENTION_YEARS}${now.slice(4)}`)
      throw AppError.validation({ id: [incidentMessages.retention] }, incidentMessages.retention);
    const deleted = await q.deleteIncidentRow(trx, { companyId, id });
    await endRiddorTodos(trx, companyId, id);
    await audit(trx, caller, 'deleted', id);
    await changed(trx, companyId);
    return deleted;
  });
}

export async function attachIncidentFile(
  caller: IncidentCaller,
  id: string,
  receive: (trx: Trx) => Promise<string>,
): Promise<IncidentDetail> {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, async (trx) => {
    const row = await readable(trx, caller, id);
    const fileId = await receive(trx);
    await q.insertIncidentFile(trx, { companyId, incidentId: id, fileId, userId: caller.session.userId });
    await audit(trx, caller, 'file_added', id);
    await changed(trx, companyId);
    return detailOf(trx, caller, row);
  });
}

export async function readIncidentFile(caller: IncidentCaller, input: { id: string; fileId: string }) {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, async (trx) => {
    await readable(trx, caller, input.id);
    const file = (await q.findIncidentFiles(trx, { companyId, incidentId: input.id })).find((candidate) => candidate.id === input.fileId);
    if (!file) throw AppError.notFound();
    await audit(trx, caller, 'file_read', input.id, { file_id: input.fileId });
    return file;
  });
}

/** The injured employee's sickness absences, to link one (editors only). */
export async function sicknessAbsencesFor(caller: IncidentCaller, id: string): Promise<{ results: LinkedAbsence[] }> {
  const companyId = requireCompany(caller.session);
  if (!mayEdit(caller)) throw AppError.forbidden();
  return withTenant(caller.db, companyId, async (trx) => {
    const row = await readable(trx, caller, id);
    if (!row.person_user_id) return { results: [] };
    return { results: await q.findSicknessAbsences(trx, { companyId, userId: row.person_user_id }) };
  });
}

/** The job: reminds about every record whose report falls due (the day count may have grown with the absence). */
export async function sendRiddorReminders(db: Db, now: Date = new Date()): Promise<number> {
  return withSystem(db, async (trx) => {
    let sent = 0;
    for (const row of await q.findUnremindedIncidents(trx, { since: new Date(now.getTime() - 60 * 86_400_000) })) {
      if (await remindIfDue(trx, row, now)) sent += 1;
    }
    return sent;
  });
}
