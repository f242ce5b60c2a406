// Domain functions of rotas: build (create, move, delete, copy, templates) with the
// working-time checks, publish a range (each person told once), claim open shifts, and swaps.
// Managers reach their own departments' shifts; owners and HR admins the company's.
import { auditCaller, type AuditCaller } from '../../../server/audit/audit-entry';
import type { DaysOff } from '../../../server/module-hooks';
import { withTenant, type Db, type Trx } from '../../../server/db/database';
import { enqueueEmail } from '../../../server/mail/mail.queries';
import { notify } from '../../../server/notifications/notify';
import { publish } from '../../../server/realtime/publish';
import { AppError } from '../../../shared/app-error';
import { addDays, DATE_FORMATS, formatCalendarDate, formatLondon, londonDate } from '../../../shared/dates';
import { companyChannel, userChannel } from '../../../shared/realtime';
import type { Scope } from '../../../shared/scopes';
import { ROTA_INVALIDATES, rotaMessages, type PublishResult, type RangeQuery, type ShiftInput, type ShiftSaved } from '../rotas.contract';
import { checkShift, checkWindow, type WorkingTimeFinding } from '../working-time';
import {
  copyShifts,
  deleteShift,
  findPersonShiftTimes,
  findRecipients,
  findShiftPerson,
  getShift,
  insertShift,
  publishShifts,
  updateShift,
} from './rota-shifts.queries';

/** Who acts on the rota, and where the days people are away come from (the leave module's offer; null without it). */
export type RotaCaller = AuditCaller & { companyId: string; level: Scope; daysOff: DaysOff | null };

/** The departments the caller builds for: null for all of the company's. */
export const reachOf = (caller: { level: Scope; session: { departmentIds: string[] } }): string[] | null =>
  caller.level === 'company' || caller.level === 'global' ? null : caller.session.departmentIds;

export function requireDepartment(caller: RotaCaller, departmentId: string): void {
  const reach = reachOf(caller);
  if (reach && !reach.includes(departmentId)) throw AppError.forbidden();
}

/** Tells every open grid and my-shifts screen of the company that the rota changed. */
export async function announce(trx: Trx, companyId: string, event: string): Promise<void> {
  await publish(trx, { channel: companyChannel(companyId), event, invalidates: ROTA_INVALIDATES, companyId });
}

/** What the working-time rules say of `shift` for its person (none for an open shift). */
export async function findingsFor(
  trx: Trx,
  input: { companyId: string; shift: ShiftInput & { id?: string }; userId: string | null; daysOff: DaysOff | null },
): Promise<WorkingTimeFinding[]> {
  if (!input.userId) return [];
  const person = await findShiftPerson(trx, { companyId: input.companyId, userId: input.userId });
  if (!person) throw AppError.validation({ user_id: [rotaMessages.unknown] });
  const window = checkWindow(input.shift);
  const others = await findPersonShiftTimes(trx, { companyId: input.companyId, userId: input.userId, ...window });
  const leave =
    (await input.daysOff?.find(trx, {
      companyId: input.companyId,
      userIds: [input.userId],
      from: londonDate(new Date(input.shift.start_at)),
      to: londonDate(new Date(input.shift.end_at)),
    })) ?? [];
  return checkShift({
    shift: {
      id: input.shift.id ?? '',
      start_at: input.shift.start_at,
      end_at: input.shift.end_at,
      break_minutes: input.shift.break_minutes,
    },
    others,
    person,
    leave,
  });
}

/** The person must be in reach of the caller (a manager's departments) and of the company. */
async function requirePersonInReach(trx: Trx, caller: RotaCaller, userId: string): Promise<void> {
  const person = await findShiftPerson(trx, { companyId: caller.companyId, userId });
  if (!person) throw AppError.validation({ user_id: [rotaMessages.unknown] });
  const reach = reachOf(caller);
  if (reach && !person.department_ids.some((id) => reach.includes(id)))
    throw AppError.validation({ user_id: ['This person is not in your departments.'] });
}

/** Refuses stops outright, and warnings without a reason to override them. */
function enforce(findings: WorkingTimeFinding[], overrideReason: string | null): void {
  const stops = findings.filter((finding) => finding.severity === 'stop');
  if (stops.length) throw AppError.validation({ start_at: stops.map((stop) => stop.message) }, stops[0]!.message);
  if (findings.length && !overrideReason) {
    throw AppError.validation({ override_reason: [rotaMessages.overrideNeeded, ...findings.map((finding) => finding.message)] });
  }
}

export async function checkDraft(db: Db, input: { caller: RotaCaller; shift: ShiftInput }): Promise<WorkingTimeFinding[]> {
  const { caller, shift } = input;
  requireDepartment(caller, shift.department_id);
  return withTenant(db, caller.companyId, async (trx) => {
    if (shift.user_id) await requirePersonInReach(trx, caller, shift.user_id);
    return findingsFor(trx, { companyId: caller.companyId, shift, userId: shift.user_id, daysOff: caller.daysOff });
  });
}

export async function createShift(db: Db, input: { caller: RotaCaller; shift: ShiftInput }): Promise<ShiftSaved & { created: boolean }> {
  const { caller, shift } = input;
  requireDepartment(caller, shift.department_id);
  return withTenant(db, caller.companyId, async (trx) => {
    if (shift.id) {
      // The same shift sent twice (a retry from a phone): the first one stands.
      const existing = await getShift(trx, { companyId: caller.companyId, id: shift.id });
      if (existing) return { shift: existing, findings: [], created: false };
    }
    if (shift.user_id) await requirePersonInReach(trx, caller, shift.user_id);
    const findings = await findingsFor(trx, { companyId: caller.companyId, shift, userId: shift.user_id, daysOff: caller.daysOff });
    enforce(findings, shift.override_reason);
    const id = await insertShift(trx, { companyId: caller.companyId, createdBy: caller.session.userId, shift });
    const saved = id ? await getShift(trx, { companyId: caller.companyId, id }) : undefined;
    if (!saved) throw AppError.notFound();
    await auditCaller(trx, caller, {
      companyId: caller.companyId,
      action: 'rota_shift.created',
      targetType: 'rota_shift',
      targetId: saved.id,
    });
    await announce(trx, caller.companyId, 'rota.shift_created');
    return { shift: saved, findings, created: true };
  });
}

export async function changeShift(db: Db, input: { caller: RotaCaller; id: string; shift: ShiftInput }): Promise<ShiftSaved> {
  const { caller, shift } = input;
  return withTenant(db, caller.companyId, async (trx) => {
    const before = await getShift(trx, { companyId: caller.companyId, id: input.id });
    if (!before) throw AppError.notFound();
    requireDepartment(caller, before.department_id);
    requireDepartment(caller, shift.department_id);
    if (shift.user_id) await requirePersonInReach(trx, caller, shift.user_id);
    const findings = await findingsFor(trx, {
      companyId: caller.companyId,
      shift: { ...shift, id: input.id },
      userId: shift.user_id,
      daysOff: caller.daysOff,
    });
    enforce(findings, shift.override_reason);
    await updateShift(trx, { companyId: caller.companyId, id: input.id, shift });
    const saved = await getShift(trx, { companyId: caller.companyId, id: input.id });
    if (!saved) throw AppError.notFound();
    await auditCaller(trx, caller, {
      companyId: caller.companyId,
      action: 'rota_shift.updated',
      targetType: 'rota_shift',
      targetId: input.id,
    });
    await announce(trx, caller.companyId, 'rota.shift_updated');
    return { shift: saved, findings };
  });
}

export async function removeShift(db: Db, input: { caller: RotaCaller; id: string }): Promise<void> {
  const { caller } = input;
  await withTenant(db, caller.companyId, async (trx) => {
    const before = await getShift(trx, { companyId: caller.companyId, id: input.id });
    if (!before) throw AppError.notFound();
    requireDepartment(caller, before.department_id);
    await deleteShift(trx, { companyId: caller.companyId, id: input.id });
    if (before.published && before.user_id) {
      await notify(trx, {
        companyId: caller.companyId,
        userId: before.user_id,
        description: `Your shift on ${formatLondon(before.start_at, DATE_FORMATS.dateTime)} has been cancelled.`,
        relatesTo: 'rota',
      });
    }
    await auditCaller(trx, caller, {
      companyId: caller.companyId,
      action: 'rota_shift.deleted',
      targetType: 'rota_shift',
      targetId: input.id,
    });
    await announce(trx, caller.companyId, 'rota.shift_deleted');
  });
}

/** Publishes the range: each person with new or changed shifts is told once, on screen and by e-mail. */
export async function publishRange(db: Db, input: { caller: RotaCaller; range: RangeQuery; origin: string }): Promise<PublishResult> {
  const { caller, range } = input;
  if (range.department_id) requireDepartment(caller, range.department_id);
  return withTenant(db, caller.companyId, async (trx) => {
    const result = await publishShifts(trx, {
      companyId: caller.companyId,
      from: range.from,
      to: range.to,
      departmentIds: reachOf(caller),
      ...(range.department_id ? { departmentId: range.department_id } : {}),
      ...(range.location_id ? { locationId: range.location_id } : {}),
    });
    const period = `${formatCalendarDate(range.from, DATE_FORMATS.date)} – ${formatCalendarDate(range.to, DATE_FORMATS.date)}`;
    const recipients = await findRecipients(trx, { companyId: caller.companyId, userIds: result.people.map((p) => p.user_id) });
    for (const person of result.people) {
      const count = `${person.shifts} new or changed shift${person.shifts === 1 ? '' : 's'}`;
      await notify(trx, {
        companyId: caller.companyId,
        userId: person.user_id,
        description: `Your rota for ${period} has been published: ${count}.`,
        relatesTo: 'rota',
      });
      await publish(trx, {
        channel: userChannel(person.user_id),
        event: 'rota.published',
        invalidates: ROTA_INVALIDATES,
        companyId: caller.companyId,
      });
      const recipient = recipients.find((r) => r.id === person.user_id);
      if (recipient?.email_notifications) {
        await enqueueEmail(trx, {
          template: 'rota_published',
          to: recipient.email,
          subject: 'Your rota has been published',
          text: `Your rota for ${period} has been published: ${count}.\n\nSee your shifts: ${input.origin}/rotas/shifts`,
          companyId: caller.companyId,
        });
      }
    }
    await auditCaller(trx, caller, {
      companyId: caller.companyId,
      action: 'rota.published',
      targetType: 'rota',
      targetId: null,
      details: { from: range.from, to: range.to, published: result.published },
    });
    await announce(trx, caller.companyId, 'rota.published');
    return { published: result.published, notified: result.people.length };
  });
}

export async function copyWeek(
  db: Db,
  input: { caller: RotaCaller; fromWeek: string; toWeek: string; departmentId: string },
): Promise<number> {
  const { caller } = input;
  requireDepartment(caller, input.departmentId);
  const days = Math.round((Date.parse(input.toWeek) - Date.parse(input.fromWeek)) / 86_400_000);
  if (days === 0) throw AppError.validation({ to_week: ['Choose another week to copy to.'] });
  return withTenant(db, caller.companyId, async (trx) => {
    const copied = await copyShifts(trx, {
      companyId: caller.companyId,
      departmentId: input.departmentId,
      fromWeek: input.fromWeek,
      toWeek: input.toWeek,
      days,
      createdBy: caller.session.userId,
    });
    await auditCaller(trx, caller, {
      companyId: caller.companyId,
      action: 'rota.week_copied',
      targetType: 'rota',
      targetId: null,
      details: { from: input.fromWeek, to: input.toWeek, copied },
    });
    await announce(trx, caller.companyId, 'rota.week_copied');
    return copied;
  });
}

export const weekRange = (monday: string) => ({ from: monday, to: addDays(monday, 6) });
