// The manager's side of the time clock: the week of timesheets (clocked against rostered time,
// in the caller's reach), an edit with a reason (the original kept), and approval, one or all.
// Each runs in one tenant transaction that audits and publishes.
import { auditCaller } from '../../../server/audit/audit-entry';
import { withTenant, type Trx } from '../../../server/db/database';
import { mayActOn } from '../../../server/http/person-access';
import { findPersonSubjects } from '../../../server/http/person-subject.queries';
import { requireCompany } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { addDays, londonDate, londonInstant, startOfWeek } from '../../../shared/dates';
import type { Scope } from '../../../shared/scopes';
import {
  TIMESHEETS_ENDPOINT,
  minutesBetween,
  timeClockMessages,
  type ApproveAllInput,
  type ClockEntry,
  type EditEntryInput,
  type TimesheetEntry,
  type TimesheetQuery,
  type TimesheetWeek,
} from '../time-clock.contract';
import { earlyMinutes, lateMinutes, mayApproveEntry, workedMinutes } from '../time-clock.policy';
import {
  findEdits,
  findEntriesIn,
  findEntry,
  findTimesheetPeople,
  insertEdit,
  moveEvent,
  updateEntry,
  type EntryRow,
} from './time-clock.queries';
import { findShiftsIn } from './time-clock-shifts.queries';
import { afterEntriesApproved, afterEntryReopened } from './overtime-offers.service';
import { entryViews, iso, published, toShift, type TimeClockCaller } from './time-clock.service';

export async function getTimesheets(caller: TimeClockCaller, query: TimesheetQuery, level: Scope): Promise<TimesheetWeek> {
  const companyId = requireCompany(caller.session);
  const { session } = caller;
  const week = startOfWeek(query.week);
  const from = londonInstant(week, '00:00');
  const to = londonInstant(addDays(week, 7), '00:00');
  return withTenant(caller.db, companyId, async (trx) => {
    const candidates = await findTimesheetPeople(trx, {
      companyId,
      from,
      to,
      level: level === 'company' || level === 'global' ? 'company' : level,
      callerId: session.userId,
      departmentIds: session.departmentIds,
      ...(query.user_id ? { userId: query.user_id } : {}),
      ...(query.department_id ? { departmentId: query.department_id } : {}),
    });
    const subjects = await findPersonSubjects(trx, { companyId, userIds: candidates.map((person) => person.user_id) });
    const visible = subjects.filter((subject) => mayActOn(session, subject, TIMESHEETS_ENDPOINT, 'GET'));
    const userIds = visible.map((subject) => subject.userId);
    const rows = await findEntriesIn(trx, { companyId, userIds, from, to });
    const views = await entryViews(trx, companyId, rows);
    const shifts = await findShiftsIn(trx, { companyId, userIds, from, to });
    const edits = await findEdits(trx, { companyId, entryIds: rows.map((row) => row.id) });
    const people = candidates.flatMap((person) => {
      const subject = visible.find((candidate) => candidate.userId === person.user_id);
      if (!subject) return [];
      const entries: TimesheetEntry[] = rows
        .map((row, index) => ({ row, view: views[index] as ClockEntry }))
        .filter(({ row }) => row.user_id === person.user_id)
        .map(({ row, view }) => {
          const shift = view.shift;
          return {
            ...view,
            date: londonDate(row.clock_in_at),
            late_minutes: shift ? lateMinutes(row.clock_in_at, shift.start_at) : null,
            early_minutes: shift && row.clock_out_at ? earlyMinutes(row.clock_out_at, shift.end_at) : null,
            rostered_minutes: shift ? minutesBetween(shift.start_at, shift.end_at) - shift.break_minutes : null,
            approved_by_name: row.approved_by_name,
            exported: row.payroll_period_id !== null,
            edits: edits
              .filter((edit) => edit.entry_id === row.id)
              .map((edit) => ({
                field: edit.field,
                from: edit.from_value,
                to: edit.to_value,
                reason: edit.reason,
                edited_by_name: edit.edited_by_name,
                at: iso(edit.created_at),
              })),
          };
        });
      const clockedShiftIds = new Set(entries.flatMap((entry) => (entry.shift ? [entry.shift.id] : [])));
      const personShifts = shifts.filter((shift) => shift.user_id === person.user_id);
      return [
        {
          user_id: person.user_id,
          name: person.name,
          department_name: person.department_name,
          entries,
          unclocked_shifts: personShifts
            .filter((shift) => !clockedShiftIds.has(shift.id))
            .map((shift) => ({ ...toShift(shift), date: londonDate(shift.start_at) })),
          clocked_minutes: entries.reduce((total, entry) => total + (entry.worked_minutes ?? 0), 0),
          rostered_minutes: personShifts.reduce(
            (total, shift) => total + minutesBetween(shift.start_at, shift.end_at) - shift.break_minutes,
            0,
          ),
          approvable: mayApproveEntry(session.userId, person.user_id) && mayActOn(session, subject, TIMESHEETS_ENDPOINT, 'PUT'),
        },
      ];
    });
    return { week, people };
  });
}

/** The entry, once the caller may change it: another person's, in their reach for PUT; 404 outside the company. */
async function changeableEntry(trx: Trx, caller: TimeClockCaller, companyId: string, id: string): Promise<EntryRow> {
  const entry = await findEntry(trx, { companyId, id, lock: true });
  if (!entry) throw AppError.notFound();
  const [subject] = await findPersonSubjects(trx, { companyId, userIds: [entry.user_id] });
  if (!subject || !mayActOn(caller.session, subject, TIMESHEETS_ENDPOINT, 'PUT')) throw AppError.forbidden();
  if (!mayApproveEntry(caller.session.userId, entry.user_id)) throw AppError.forbidden(timeClockMessages.ownEntry);
  if (entry.payroll_period_id) throw new AppError('conflict', { message: timeClockMessages.exported });
  if (!entry.clock_out_at) throw new AppError('conflict', { message: timeClockMessages.stillOpen });
  return entry;
}

export async function editEntry(caller: TimeClockCaller, id: string, body: EditEntryInput): Promise<TimesheetEntry | ClockEntry> {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, async (trx) => {
    const entry = await changeableEntry(trx, caller, companyId, id);
    const clockIn = body.clock_in_at ? new Date(body.clock_in_at) : entry.clock_in_at;
    const clockOut = body.clock_out_at ? new Date(body.clock_out_at) : (entry.clock_out_at as Date);
    const breakMinutes = body.break_minutes ?? entry.break_minutes;
    const changes: { field: 'clock_in_at' | 'clock_out_at' | 'break_minutes'; from: string; to: string }[] = [];
    if (clockIn.getTime() !== entry.clock_in_at.getTime())
      changes.push({ field: 'clock_in_at', from: iso(entry.clock_in_at), to: iso(clockIn) });
    if (clockOut.getTime() !== (entry.clock_out_at as Date).getTime())
      changes.push({ field: 'clock_out_at', from: iso(entry.clock_out_at as Date), to: iso(clockOut) });
    if (breakMinutes !== entry.break_minutes)
      changes.push({ field: 'break_minutes', from: String(entry.break_minutes), to: String(breakMinutes) });
    if (changes.length === 0) throw AppError.validation({ reason: [timeClockMessages.nothingToChange] });
    const span = clockOut.getTime() - clockIn.getTime();
    if (span <= 0 || span > 24 * 3_600_000) throw AppError.validation({ clock_out_at: [timeClockMessages.outBeforeIn] });
    if (breakMinutes * 60_000 >= span) throw AppError.validation({ break_minutes: [timeClockMessages.breakTooLong] });
    for (const change of changes) {
      await insertEdit(trx, { companyId, entryId: id, ...change, reason: body.reason, editedBy: caller.session.userId });
      if (change.field === 'clock_in_at') await moveEvent(trx, { companyId, entryId: id, kind: 'clock_in', at: clockIn });
      if (change.field === 'clock_out_at') await moveEvent(trx, { companyId, entryId: id, kind: 'clock_out', at: clockOut });
    }
    await updateEntry(trx, {
      companyId,
      id,
      values: {
        clock_in_at: clockIn,
        clock_out_at: clockOut,
        break_minutes: breakMinutes,
        worked_minutes: workedMinutes(clockIn, clockOut, breakMinutes),
        flags: entry.flags.includes('edited') ? entry.flags : [...entry.flags, 'edited'],
        // An edit needs approving again.
        approval: 'pending',
        approved_by: null,
        approved_at: null,
      },
    });
    await afterEntryReopened(trx, caller, companyId, entry, clockIn);
    await auditCaller(trx, caller, {
      companyId,
      action: 'time-clock.edited',
      targetType: 'time_clock_entry',
      targetId: id,
      details: { user_id: entry.user_id, reason: body.reason, changes },
    });
    await published(trx, companyId);
    const updated = await findEntry(trx, { companyId, id });
    const [view] = await entryViews(trx, companyId, updated ? [updated] : []);
    if (!view) throw AppError.notFound();
    return view;
  });
}

export async function approveEntries(caller: TimeClockCaller, input: ApproveAllInput): Promise<{ approved: number }> {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, async (trx) => {
    let approved = 0;
    const entries: EntryRow[] = [];
    for (const id of [...new Set(input.ids)]) {
      const entry = await changeableEntry(trx, caller, companyId, id);
      if (entry.approval === 'approved') continue;
      await updateEntry(trx, {
        companyId,
        id,
        values: { approval: 'approved', approved_by: caller.session.userId, approved_at: new Date() },
      });
      entries.push(entry);
      await auditCaller(trx, caller, {
        companyId,
        action: 'time-clock.approved',
        targetType: 'time_clock_entry',
        targetId: id,
        details: { user_id: entry.user_id, worked_minutes: entry.worked_minutes },
      });
      approved += 1;
    }
    await afterEntriesApproved(trx, caller, companyId, entries);
    await published(trx, companyId);
    return { approved };
  });
}
