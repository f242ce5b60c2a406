// Rotas and shifts: the names (resource, endpoints, paths, what each write invalidates), the
// shift and its input, the grid and "my shifts" answers, swaps and templates. A shift's
// times are ISO 8601 instants with their offset; dates are London calendar dates.
import * as v from 'valibot';
import { isIsoDate } from '../../shared/dates';
import { fieldMessages, multilineTextField, textField } from '../../shared/validators';
import type { WorkingTimeFinding } from './working-time';

export const ROTA_RESOURCES = {
  rota: 'rota',
  swaps: 'rota-swaps',
  templates: 'rota-templates',
  settings: 'rota-settings',
} as const;
export const ROTA_ENDPOINT = '/api/rota';
/** Every rota write makes the grids, my shifts and the swaps stale. */
export const ROTA_INVALIDATES = [ROTA_RESOURCES.rota, ROTA_RESOURCES.swaps] as const;

export const rotaPaths = {
  shifts: '/api/rota',
  shift: (id: string) => `/api/rota/${encodeURIComponent(id)}`,
  check: '/api/rota/check',
  publish: '/api/rota/publish',
  copyWeek: '/api/rota/copy-week',
  mine: '/api/rota/mine',
  open: '/api/rota/open',
  claim: (id: string) => `/api/rota/${encodeURIComponent(id)}/claim`,
  offer: (id: string) => `/api/rota/${encodeURIComponent(id)}/offer`,
  makeOpen: (id: string) => `/api/rota/${encodeURIComponent(id)}/make-open`,
  swaps: '/api/rota-swaps',
  swapAction: (id: string, action: SwapAction) => `/api/rota-swaps/${encodeURIComponent(id)}/${action}`,
  templates: '/api/rota-templates',
  applyTemplate: (id: string) => `/api/rota-templates/${encodeURIComponent(id)}/apply`,
  settings: '/api/rota-settings',
  optOut: (userId: string) => `/api/rota-opt-out/${encodeURIComponent(userId)}`,
  calendarFeed: (token: string) => `/api/rota/calendar/${encodeURIComponent(token)}.ics`,
} as const;

export const ROTA_ROUTES = { mine: '/rotas/shifts', admin: '/rotas/admin' } as const;

export const SHIFT_COLOURS = ['blue', 'teal', 'green', 'orange', 'grape', 'red', 'gray'] as const;
export type ShiftColour = (typeof SHIFT_COLOURS)[number];

export const rotaMessages = {
  date: 'This is not a valid date.',
  instant: 'Give a date and time with its offset, e.g. 2026-03-30T09:00:00+01:00.',
  unknown: 'Not found.',
  endAfterStart: 'The shift must end after it starts, within 24 hours.',
  breakTooLong: 'The break must be shorter than the shift.',
  breakMinutes: 'Give the break in whole minutes, 0 for none.',
  range: 'Choose a range of at most 62 days, ending on or after its start.',
  overrideNeeded: 'Give a reason to go ahead despite the warnings.',
  notOpen: 'This shift is no longer open.',
  alreadyStarted: 'This shift has already started.',
} as const;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
export const instantField = v.pipe(
  v.string(rotaMessages.instant),
  v.check((value) => ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value)), rotaMessages.instant),
);
export const dateParam = v.pipe(v.string(rotaMessages.date), v.check(isIsoDate, rotaMessages.date));
export const uuidParam = v.pipe(v.string(rotaMessages.unknown), v.uuid(rotaMessages.unknown));
const optionalText = (maxLength: number) => v.optional(textField({ maxLength }), '');

export const ShiftInputSchema = v.pipe(
  v.object({
    /** A client-made id lets a shift made offline land once. */
    id: v.optional(uuidParam),
    user_id: v.nullable(uuidParam),
    department_id: uuidParam,
    location_id: v.optional(v.nullable(uuidParam), null),
    start_at: instantField,
    end_at: instantField,
    break_minutes: v.pipe(
      v.number(rotaMessages.breakMinutes),
      v.integer(rotaMessages.breakMinutes),
      v.minValue(0, rotaMessages.breakMinutes),
      v.maxValue(720, rotaMessages.breakTooLong),
    ),
    role: optionalText(100),
    notes: v.optional(multilineTextField({ maxLength: 1000 }), ''),
    colour: v.optional(v.picklist(SHIFT_COLOURS, fieldMessages.required), 'blue'),
    override_reason: v.optional(v.nullable(textField({ maxLength: 300 })), null),
  }),
  v.forward(
    v.check((input) => {
      const length = Date.parse(input.end_at) - Date.parse(input.start_at);
      return length > 0 && length <= 24 * 3_600_000;
    }, rotaMessages.endAfterStart),
    ['end_at'],
  ),
  v.forward(
    v.check((input) => input.break_minutes * 60_000 < Date.parse(input.end_at) - Date.parse(input.start_at), rotaMessages.breakTooLong),
    ['break_minutes'],
  ),
);
export type ShiftInput = v.InferOutput<typeof ShiftInputSchema>;

export const RangeQuerySchema = v.pipe(
  v.object({
    from: dateParam,
    to: dateParam,
    department_id: v.optional(uuidParam),
    location_id: v.optional(uuidParam),
  }),
  v.forward(
    v.check((q) => q.to >= q.from && Date.parse(q.to) - Date.parse(q.from) <= 62 * 86_400_000, rotaMessages.range),
    ['to'],
  ),
);
export type RangeQuery = v.InferOutput<typeof RangeQuerySchema>;

export const PublishInputSchema = RangeQuerySchema;
export const CopyWeekInputSchema = v.object({ from_week: dateParam, to_week: dateParam, department_id: uuidParam });
export const TemplateInputSchema = v.object({
  name: v.pipe(v.string(fieldMessages.required), v.trim(), v.nonEmpty(fieldMessages.required), textField({ maxLength: 100 })),
  department_id: uuidParam,
  week: dateParam,
});
export const ApplyTemplateInputSchema = v.object({ week: dateParam });
export const OfferInputSchema = v.object({ note: optionalText(500) });
export const SettingsInputSchema = v.object({ swaps_need_approval: v.boolean(fieldMessages.required) });
export const OptOutInputSchema = v.object({ working_time_opt_out: v.boolean(fieldMessages.required) });

export type Shift = {
  id: string;
  user_id: string | null;
  user_name: string | null;
  department_id: string;
  department_name: string;
  location_id: string | null;
  location_name: string | null;
  start_at: string;
  end_at: string;
  break_minutes: number;
  role: string;
  notes: string;
  colour: ShiftColour;
  published: boolean;
  changed_after_publish: boolean;
  override_reason: string | null;
  /** Open swap offer on the shift, if any. */
  swap_status: 'offered' | 'accepted' | null;
  /**
   * The shift's person is away on its day (approved leave, or off sick), told only to whoever
   * may see that person's absences (the person, and those who build their rota); else null.
   */
  day_off: ShiftDayOff | null;
};
export type ShiftDayOff = { kind: 'leave' | 'sickness'; name: string };
/** "Off sick" or "On leave": the mark on a shift whose person is away. */
export const dayOffLabel = (dayOff: ShiftDayOff) => (dayOff.kind === 'sickness' ? 'Off sick' : 'On leave');
/** "Off sick" or "On leave (Annual leave)", where there is room. */
export const dayOffDetail = (dayOff: ShiftDayOff) => (dayOff.kind === 'sickness' ? 'Off sick' : `On leave (${dayOff.name})`);

export type RotaPerson = {
  id: string;
  name: string;
  department_id: string | null;
  /** Hourly pay for costs, from the person's current hourly pay rate; null when they have none. */
  hourly_rate: number | null;
  working_time_opt_out: boolean;
};

/** GET /api/rota?from=&to=&department_id=&location_id= — the grid: shifts in range and the people one may put on them. */
export type RotaGrid = { from: string; to: string; shifts: Shift[]; people: RotaPerson[]; may_build: boolean };

/** POST /api/rota/check — what the working-time rules say of a draft shift. */
export type ShiftCheck = { findings: WorkingTimeFinding[] };
/** POST /api/rota and PUT /api/rota/{id}. */
export type ShiftSaved = { shift: Shift; findings: WorkingTimeFinding[] };
export type PublishResult = { published: number; notified: number };

export type Colleague = { name: string; role: string };
export type MyShift = Shift & { colleagues: Colleague[] };
/** GET /api/rota/mine — the caller's published shifts this week and next, and open shifts they may claim. */
export type MyRota = { from: string; to: string; generated_at: string; shifts: MyShift[]; open: Shift[]; swaps: Swap[] };

export const SWAP_ACTIONS = ['accept', 'approve', 'decline', 'cancel'] as const;
export type SwapAction = (typeof SWAP_ACTIONS)[number];
export type Swap = {
  id: string;
  shift: Shift;
  offered_by: string;
  offered_by_name: string;
  accepted_by: string | null;
  accepted_by_name: string | null;
  status: 'offered' | 'accepted' | 'approved' | 'declined' | 'cancelled';
  note: string;
  created_at: string;
};
export type RotaTemplate = { id: string; name: string; department_id: string; shift_count: number; created_at: string };
export type RotaSettings = { swaps_need_approval: boolean };
