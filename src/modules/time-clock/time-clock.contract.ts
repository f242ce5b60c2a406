// Clocking in and out: the names (resources, endpoints, paths, what each write invalidates),
// the events a person sends (with the device's time, so a write queued with no signal keeps
// the time it was made), the person's clock as it stands, and the manager's week of
// timesheets. Instants are ISO 8601 with their offset; dates are London calendar dates.
import * as v from 'valibot';
import { isIsoDate } from '../../shared/dates';
import { fieldMessages, requiredTextField } from '../../shared/validators';
import { ClockPositionSchema, LOCATION_FLAG_LABELS, LOCATION_FLAGS, type EventLocation } from './time-clock-location.contract';

export const TIME_CLOCK_RESOURCES = {
  clock: 'time-clock',
  timesheets: 'timesheets',
  settings: 'time-clock-settings',
} as const;

/** Clocking one's own time (GET the clock, POST an event): everyone's own. */
export const TIME_CLOCK_ENDPOINT = '/api/time-clock';
/** Reading, editing (PUT) and approving (PUT) timesheets: managers their departments, owners and HR admins the company. */
export const TIMESHEETS_ENDPOINT = '/api/timesheets';
export const TIME_CLOCK_SETTINGS_ENDPOINT = '/api/time-clock-settings';

/** Every clock write makes the person's clock and the timesheets stale. */
export const TIME_CLOCK_INVALIDATES = [TIME_CLOCK_RESOURCES.clock, TIME_CLOCK_RESOURCES.timesheets] as const;

export const timeClockPaths = {
  clock: '/api/time-clock',
  events: '/api/time-clock/events',
  timesheets: '/api/timesheets',
  inNow: '/api/timesheets/in-now',
  entry: (id: string) => `/api/timesheets/${encodeURIComponent(id)}`,
  approve: (id: string) => `/api/timesheets/${encodeURIComponent(id)}/approve`,
  approveAll: '/api/timesheets/approve',
  settings: '/api/time-clock-settings',
} as const;

export const TIME_CLOCK_ROUTES = { timesheets: '/timesheets' } as const;

export const CLOCK_EVENT_KINDS = ['clock_in', 'break_start', 'break_end', 'clock_out'] as const;
export type ClockEventKind = (typeof CLOCK_EVENT_KINDS)[number];

/** Why an event's device time was not kept (the receive time was used) or how an entry came about. */
export const CLOCK_FLAGS = [
  'device_time_future',
  'device_time_out_of_order',
  'device_time_drift',
  'auto_closed',
  'edited',
  ...LOCATION_FLAGS,
] as const;
export type ClockFlag = (typeof CLOCK_FLAGS)[number];

export const CLOCK_FLAG_LABELS: Record<ClockFlag, string> = {
  device_time_future: 'Device time in the future',
  device_time_out_of_order: 'Device time before the previous event',
  device_time_drift: 'Device time too far from when it arrived',
  auto_closed: 'Clock-out forgotten: closed at the shift end',
  edited: 'Edited',
  ...LOCATION_FLAG_LABELS,
};

export const CLOCK_EVENT_LABELS: Record<ClockEventKind, string> = {
  clock_in: 'Clocked in',
  break_start: 'Break started',
  break_end: 'Break ended',
  clock_out: 'Clocked out',
};

export type ApprovalState = 'pending' | 'approved';

export const timeClockMessages = {
  instant: 'Give a date and time with its offset, e.g. 2026-03-30T09:00:00+01:00.',
  alreadyIn: 'You are already clocked in.',
  notIn: 'You are not clocked in.',
  onBreak: 'You are already on a break.',
  notOnBreak: 'You are not on a break.',
  date: 'This is not a valid date.',
  outBeforeIn: 'The clock-out must be after the clock-in, within 24 hours.',
  breakTooLong: 'The breaks must be shorter than the time clocked.',
  exported: 'This time has gone to payroll and can no longer change.',
  ownEntry: 'Someone else approves your own time.',
  stillOpen: 'This entry is still open: it can be approved once clocked out.',
  nothingToChange: 'Change the clock-in, the clock-out or the breaks.',
} as const;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
export const instantField = v.pipe(
  v.string(timeClockMessages.instant),
  v.check((value) => ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value)), timeClockMessages.instant),
);
const uuidField = v.pipe(v.string(fieldMessages.required), v.uuid(fieldMessages.required));

/** One event, as the phone sends it: the kind, the time the phone's clock showed when tapped, and its position then (where the company records location and the person allowed it; null when none could be had). */
export const ClockEventInputSchema = v.object({
  kind: v.picklist(CLOCK_EVENT_KINDS, fieldMessages.required),
  device_time: instantField,
  location: v.optional(v.nullable(ClockPositionSchema)),
});
export type ClockEventInput = v.InferOutput<typeof ClockEventInputSchema>;

export const TimesheetQuerySchema = v.object({
  week: v.pipe(v.string(timeClockMessages.date), v.check(isIsoDate, timeClockMessages.date)),
  user_id: v.optional(uuidField),
  department_id: v.optional(uuidField),
});
export type TimesheetQuery = v.InferOutput<typeof TimesheetQuerySchema>;

/** A manager's correction: new clock-in / clock-out times and break minutes, with the reason (the originals are kept). */
export const EditEntryInputSchema = v.object({
  clock_in_at: v.optional(instantField),
  clock_out_at: v.optional(instantField),
  break_minutes: v.optional(
    v.pipe(
      v.number(fieldMessages.required),
      v.integer(fieldMessages.required),
      v.minValue(0, fieldMessages.min(0)),
      v.maxValue(720, fieldMessages.max(720)),
    ),
  ),
  reason: requiredTextField({ maxLength: 500 }),
});
export type EditEntryInput = v.InferOutput<typeof EditEntryInputSchema>;

export const ApproveAllInputSchema = v.object({
  ids: v.pipe(v.array(uuidField), v.minLength(1, fieldMessages.required), v.maxLength(500, fieldMessages.maxLength)),
});
export type ApproveAllInput = v.InferOutput<typeof ApproveAllInputSchema>;

export const TimeClockSettingsInputSchema = v.object({
  max_drift_minutes: v.pipe(
    v.number(fieldMessages.required),
    v.integer(fieldMessages.required),
    v.minValue(5, fieldMessages.min(5)),
    v.maxValue(10080, fieldMessages.max(10080)),
  ),
  reminder_grace_minutes: v.pipe(
    v.number(fieldMessages.required),
    v.integer(fieldMessages.required),
    v.minValue(0, fieldMessages.min(0)),
    v.maxValue(720, fieldMessages.max(720)),
  ),
});
export type TimeClockSettings = v.InferOutput<typeof TimeClockSettingsInputSchema>;

export type ClockEvent = {
  id: string;
  kind: ClockEventKind;
  /** The time used: the device's when plausible, else when the server received it (or a manager's edit). */
  at: string;
  device_time: string | null;
  received_at: string;
  flag: ClockFlag | null;
  /** What was recorded of the phone's position (only where the company records location). */
  location?: EventLocation | null;
};

export type ClockShift = { id: string; start_at: string; end_at: string; break_minutes: number; role: string; department_name: string };

export type ClockEntry = {
  id: string;
  user_id: string;
  shift: ClockShift | null;
  clock_in_at: string;
  clock_out_at: string | null;
  /** Breaks taken so far (an open break counted to now for an open entry, on the client). */
  break_minutes: number;
  worked_minutes: number | null;
  on_break: boolean;
  flags: ClockFlag[];
  approval: ApprovalState;
  events: ClockEvent[];
};

/** GET /api/time-clock: the person's open entry (or null) and today's next or current shift. */
export type MyClock = {
  open: ClockEntry | null;
  shift: ClockShift | null;
  last: ClockEntry | null;
  /** Whether the phone's position is recorded with an event now (the company's setting for the shift's or the person's location). */
  record_location?: { location_name: string } | null;
  /** Whether the company lets people clock in without a rota shift. */
  clock_without_shift?: boolean;
};

export type TimesheetEdit = { field: string; from: string | null; to: string | null; reason: string; edited_by_name: string; at: string };

export type TimesheetEntry = ClockEntry & {
  date: string;
  /** Minutes after the shift start the person clocked in (0 when on time or early); null without a shift. */
  late_minutes: number | null;
  /** Minutes before the shift end the person clocked out; null without a shift or while open. */
  early_minutes: number | null;
  rostered_minutes: number | null;
  approved_by_name: string | null;
  exported: boolean;
  edits: TimesheetEdit[];
};

export type TimesheetPerson = {
  user_id: string;
  name: string;
  department_name: string | null;
  entries: TimesheetEntry[];
  /** Shifts of the week with no entry (missed, or still to come). */
  unclocked_shifts: (ClockShift & { date: string })[];
  clocked_minutes: number;
  rostered_minutes: number;
  /** Whether the caller may approve and edit this person's time (never their own). */
  approvable: boolean;
};

export type TimesheetWeek = { week: string; people: TimesheetPerson[] };

/** Someone clocked in now: since when, on a break since when, and the shift (if any) the time is against. */
export type InNowPerson = {
  user_id: string;
  name: string;
  department_name: string | null;
  clock_in_at: string;
  break_since: string | null;
  shift: ClockShift | null;
  flags: ClockFlag[];
};

/** GET /api/timesheets/in-now: who is clocked in now, in the caller's reach (like the timesheets). */
export type InNow = { people: InNowPerson[] };

/** Minutes between two instants, never negative. */
export function minutesBetween(from: string | Date, to: string | Date): number {
  return Math.max(0, Math.round((new Date(to).getTime() - new Date(from).getTime()) / 60_000));
}
