// The leave demo (src/app/server/seed.ts, after the people demo): every active demo person on
// the default policy with their current leave year opened (Ella, on Monday to Wednesday, has
// 17 days), a company bank holiday, a stock-take week blocked for the Kitchen, and absences
// around today written straight to the tables with their logs, so the balances add up: past
// approved annual leave for several people, two requests in Operations waiting for Marcus
// (manager@demo.test), one approved for next week, and Ella's three days off sick last month
// with a self-certification waiting for her; a Kitchen worker has 6 days carried after last
// year's sickness (WTR reg 13(10)). Dates follow today, so the demo always looks live;
// it is written once (a company that already has absences is left alone).
import type { Trx } from '../../../server/db/database';
import { addDays, DATE_FORMATS, formatCalendarDate, londonDate, startOfWeek } from '../../../shared/dates';
import type { AbsenceStatus, LeaveTypeKey, SicknessCategory } from '../leave.contract';
import { addMonths, requestDeduction } from '../leave-rules';
import { sicknessCarryOverExpiry } from '../holiday-rules';
import { insertSicknessLine } from './sickness-carry-over.queries';
import { describeAbsence } from './absences-notify';
import { insertAbsence, insertAbsenceEvent } from './absences.queries';
import { ensurePeriodFor, ensureValue, leaveContext, logValueChange, personBankHolidays } from './balances';
import {
  assignPolicies,
  companyHasAbsences,
  enableDemoReturnToWork,
  findDefaultTemplateId,
  findDemoPeople,
  insertIrregularHoursTemplate,
  findLeaveTypeIds,
  insertDemoBankHoliday,
  insertDemoBlockedPeriod,
  insertDemoReturnToWork,
} from './leave-demo.queries';

type DemoAbsence = {
  userId: string;
  type: LeaveTypeKey;
  start: string;
  end: string;
  status: AbsenceStatus;
  approverId: string | null;
  notes?: string;
  sickness?: { category: SicknessCategory; returnedOn: string };
};

/** The first Monday on or after `date`. */
const mondayFrom = (date: string) => {
  const monday = startOfWeek(date);
  return monday < date ? addDays(monday, 7) : monday;
};

export async function seedLeaveDemo(
  trx: Trx,
  input: { companyId: string; departments: Record<string, string>; accounts: Record<string, string>; today?: string },
): Promise<void> {
  const { companyId } = input;
  if (await companyHasAbsences(trx, companyId)) return;
  await enableDemoReturnToWork(trx, companyId);
  const today = input.today ?? londonDate(new Date());
  const thisMonday = startOfWeek(today);
  const nextMonthMonday = mondayFrom(addMonths(`${today.slice(0, 7)}-01`, 1));
  const lastMonthMonday = mondayFrom(addMonths(`${today.slice(0, 7)}-01`, -1));

  // The company's own day first, so the leave years opened below already count it.
  await insertDemoBankHoliday(trx, { companyId, date: `${today.slice(0, 4)}-12-24`, name: 'Christmas Eve (company holiday)' });
  await insertDemoBlockedPeriod(trx, {
    companyId,
    name: 'Kitchen stock-take',
    start: nextMonthMonday,
    end: addDays(nextMonthMonday, 4),
    departmentId: input.departments.Kitchen ?? null,
    notes: 'All hands for the quarterly stock-take: no leave in the Kitchen this week.',
  });

  const templateId = await findDefaultTemplateId(trx, companyId);
  if (!templateId) return;
  const people = await findDemoPeople(trx, companyId);
  // Jack Robertson works irregular hours: his leave builds from the hours his approved timesheets show.
  const irregular = people.filter((person) => person.email === 'jack.robertson@demo.test').map((person) => person.id);
  if (irregular.length > 0) {
    await assignPolicies(trx, { companyId, templateId: await insertIrregularHoursTemplate(trx, companyId), userIds: irregular });
  }
  await assignPolicies(trx, { companyId, templateId, userIds: people.map((person) => person.id) });
  for (const person of people) await ensurePeriodFor(trx, { companyId, userId: person.id, date: today, actorId: null });

  const marcus = input.accounts['manager@demo.test'] ?? null;
  const ella = input.accounts['employee@demo.test'] ?? null;
  const owner = input.accounts['owner@demo.test'] ?? null;
  const inDepartment = (name: string) =>
    people.filter(
      (person) => person.department_id === input.departments[name] && person.id !== marcus && person.id !== ella && person.id !== owner,
    );
  const [ops1, ops2] = inDepartment('Operations');
  const [office1, office2] = inDepartment('Office');
  const [kitchen1] = inDepartment('Kitchen');

  const weeksAgo = (weeks: number) => addDays(thisMonday, -7 * weeks);
  const absences: DemoAbsence[] = [];
  const past = (userId: string | undefined | null, weeks: number, from: number, days: number, notes?: string) => {
    if (!userId) return;
    const start = addDays(weeksAgo(weeks), from);
    // Only inside this leave year (early in January there is no past to show).
    if (start.slice(0, 4) !== today.slice(0, 4)) return;
    absences.push({
      userId,
      type: 'annual_leave',
      start,
      end: addDays(start, days - 1),
      status: 'approved',
      approverId: marcus ?? owner,
      ...(notes ? { notes } : {}),
    });
  };
  past(ops1?.id, 6, 0, 5, 'Family holiday');
  past(office1?.id, 3, 0, 2, 'Long weekend');
  past(office2?.id, 10, 2, 3);
  past(kitchen1?.id, 14, 0, 5, 'Spain');
  past(marcus, 8, 3, 2, 'Wedding');
  past(ella, 12, 0, 2, 'Moving house');
  if (ella)
    absences.push({
      userId: ella,
      type: 'annual_leave',
      start: addDays(nextMonthMonday, 14),
      end: addDays(nextMonthMonday, 15),
      status: 'pending',
      approverId: null,
      notes: 'Concert in London',
    });
  if (ops2)
    absences.push({
      userId: ops2.id,
      type: 'annual_leave',
      start: addDays(nextMonthMonday, 21),
      end: addDays(nextMonthMonday, 23),
      status: 'pending',
      approverId: null,
      notes: 'Visiting family',
    });
  if (office1)
    absences.push({
      userId: office1.id,
      type: 'annual_leave',
      start: addDays(thisMonday, 7),
      end: addDays(thisMonday, 9),
      status: 'approved',
      approverId: owner,
      notes: 'Half-term',
    });
  if (ella) {
    absences.push({
      userId: ella,
      type: 'sickness',
      start: lastMonthMonday,
      end: addDays(lastMonthMonday, 2),
      status: 'approved',
      approverId: null,
      sickness: { category: 'cold_flu', returnedOn: addDays(lastMonthMonday, 7) },
    });
  }

  const types = await findLeaveTypeIds(trx, companyId);
  for (const absence of absences) {
    const type = types.get(absence.type);
    if (!type) continue;
    await insertAbsenceWithLogs(trx, { companyId, absence, type });
  }
  const annualLeave = types.get('annual_leave');
  if (kitchen1 && annualLeave) await seedSicknessCarryOver(trx, { companyId, userId: kitchen1.id, today, leaveTypeId: annualLeave.id });
}

/** WTR reg 13(10): a long sickness last leave year left one person 6 days, carried as a line of its own until 18 months after that year. */
async function seedSicknessCarryOver(
  trx: Trx,
  input: { companyId: string; userId: string; today: string; leaveTypeId: string },
): Promise<void> {
  const { companyId, userId } = input;
  const period = await ensurePeriodFor(trx, { companyId, userId, date: input.today, actorId: null });
  if (!period || period.unit !== 'days') return;
  const value = await ensureValue(trx, { companyId, period, leaveTypeId: input.leaveTypeId, unit: 'days' });
  const year = { start_date: addMonths(period.start_date, -12), end_date: addDays(period.start_date, -1) };
  const expires = sicknessCarryOverExpiry(year);
  const shown = (date: string) => formatCalendarDate(date, DATE_FORMATS.date);
  const id = await insertSicknessLine(trx, {
    companyId,
    userId,
    valueId: value.id,
    aroseStart: year.start_date,
    aroseEnd: year.end_date,
    amount: 6,
    expiresOn: expires,
  });
  if (!id) return;
  await logValueChange(trx, {
    companyId,
    valueId: value.id,
    userId,
    change: 6,
    kind: 'sickness_carry_over',
    reason: `Leave sickness prevented in the leave year ${shown(year.start_date)} to ${shown(year.end_date)} (WTR reg 13(10)): 6 days; usable until ${shown(expires)}`,
  });
}

async function insertAbsenceWithLogs(
  trx: Trx,
  input: { companyId: string; absence: DemoAbsence; type: { id: string; name: string; deducted: boolean } },
): Promise<void> {
  const { companyId, absence, type } = input;
  const period = await ensurePeriodFor(trx, { companyId, userId: absence.userId, date: absence.start, actorId: null });
  const context = await leaveContext(trx, { companyId, userId: absence.userId, date: absence.start });
  const unit = period?.unit ?? 'days';
  const bankHolidays = await personBankHolidays(trx, { companyId, region: context.region, from: absence.start, to: absence.end });
  const deduction = requestDeduction({
    start_date: absence.start,
    end_date: absence.end,
    duration_type: 'days',
    half_day_part: null,
    hours: null,
    unit,
    week: context.week,
    bankHolidays,
  }).total;
  const absenceId = await insertAbsence(trx, {
    companyId,
    userId: absence.userId,
    leaveTypeId: type.id,
    periodId: period?.id ?? null,
    startDate: absence.start,
    endDate: absence.end,
    durationType: 'days',
    halfDayPart: null,
    hours: null,
    deduction,
    deductionUnit: unit,
    status: absence.status,
    notes: absence.notes ?? null,
    blockedOverrideReason: null,
    sicknessCategory: absence.sickness?.category ?? null,
    returnedOn: absence.sickness?.returnedOn ?? null,
    requestedBy: absence.userId,
    decidedBy: absence.status === 'approved' ? absence.approverId : null,
  });
  const facts = {
    companyId,
    absenceId,
    userId: absence.userId,
    personName: '',
    leaveTypeName: type.name,
    startDate: absence.start,
    endDate: absence.end,
    deduction,
    unit,
    deducted: type.deducted,
  };
  await insertAbsenceEvent(trx, {
    companyId,
    absenceId,
    actorId: absence.userId,
    action: absence.sickness ? 'reported' : 'requested',
    note: absence.notes ?? null,
  });
  if (absence.status === 'approved' && absence.approverId) {
    await insertAbsenceEvent(trx, { companyId, absenceId, actorId: absence.approverId, action: 'approved', note: null });
  }
  if (absence.status === 'approved' && type.deducted && period && deduction > 0) {
    const value = await ensureValue(trx, { companyId, period, leaveTypeId: type.id, unit });
    await logValueChange(trx, {
      companyId,
      valueId: value.id,
      userId: absence.userId,
      change: -deduction,
      kind: 'absence',
      reason: `${describeAbsence(facts)} approved`,
      absenceId,
      actorId: absence.approverId,
    });
  }
  if (absence.sickness) {
    await insertAbsenceEvent(trx, { companyId, absenceId, actorId: absence.userId, action: 'returned', note: null });
    await insertDemoReturnToWork(trx, {
      companyId,
      userId: absence.userId,
      absenceId,
      kind: 'self_certification',
      firstDay: absence.start,
      lastDay: absence.end,
    });
  }
}
