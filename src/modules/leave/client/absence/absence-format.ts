// The words every leave screen uses for an absence: a person's name, its dates (dd/MM/yyyy,
// ), its length, its deduction ("3 days deducted") and the badge colour of its status.
import { DATE_FORMATS, formatCalendarDate } from '../../../../shared/dates';
import type { Absence, PersonSummary } from '../../absences.contract';
import type { LeaveTypeSummary } from '../../leave-settings.contract';
import type { AbsenceStatus, LeaveUnit, ReturnToWorkStatus } from '../../leave.contract';

export const AWAY = 'Away';

export const formatDate = (isoDate: string) => formatCalendarDate(isoDate, DATE_FORMATS.date);

export const personName = (person: Pick<PersonSummary, 'first_name' | 'surname'>) => `${person.first_name} ${person.surname}`.trim();

/** The caller may not see the kind of absence: the server sends no leave type, and it reads "Away". */
export const leaveTypeOf = (absence: { leave_type: LeaveTypeSummary | null | undefined }): LeaveTypeSummary | null =>
  absence.leave_type ?? null;
export const leaveTypeName = (absence: { leave_type: LeaveTypeSummary | null | undefined }) => leaveTypeOf(absence)?.name ?? AWAY;

const plural = (amount: number, one: string, many: string) => `${amount} ${amount === 1 ? one : many}`;

/** "2.5 days", "1 day", "7.5 hours". */
export function formatAmount(amount: number, unit: LeaveUnit): string {
  const shown = Math.round(amount * 100) / 100;
  return unit === 'hours' ? plural(shown, 'hour', 'hours') : plural(shown, 'day', 'days');
}

export const deductionText = (absence: Pick<Absence, 'deduction' | 'deduction_unit'>) =>
  `${formatAmount(absence.deduction, absence.deduction_unit)} deducted`;

/** "24/11/2025 to 26/11/2025", "24/11/2025 (morning)", "24/11/2025 (3.5 hours)", "From 24/11/2025 (open-ended)". */
export function absenceDates(absence: Pick<Absence, 'start_date' | 'end_date' | 'duration_type' | 'half_day_part' | 'hours'>): string {
  const start = formatDate(absence.start_date);
  if (absence.end_date === null) return `From ${start} (open-ended)`;
  if (absence.duration_type === 'half_day') return `${start} (${absence.half_day_part ?? 'half day'})`;
  if (absence.duration_type === 'hours') return `${start} (${formatAmount(absence.hours ?? 0, 'hours')})`;
  return absence.end_date === absence.start_date ? start : `${start} to ${formatDate(absence.end_date)}`;
}

export const STATUS_COLOURS: Record<AbsenceStatus, string> = {
  pending: 'yellow',
  approved: 'green',
  declined: 'red',
  cancelled: 'gray',
  cancellation_requested: 'orange',
};

export const RETURN_TO_WORK_STATUS_COLOURS: Record<ReturnToWorkStatus, string> = {
  awaiting_employee: 'yellow',
  awaiting_review: 'blue',
  closed: 'green',
};

/** A leave type's colour (a Mantine palette name) as a CSS colour. */
export const leaveColour = (type: LeaveTypeSummary | null, shade = 6) =>
  type ? `var(--mantine-color-${type.colour}-${shade})` : `var(--mantine-color-gray-${shade})`;
