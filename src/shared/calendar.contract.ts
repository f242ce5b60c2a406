// The calendar (/calendar): one list of dated entries from every module that has something
// dated — absences, shifts, bank holidays, company closure days, and (when their modules land)
// tasks and documents due — as the viewer may see them.
import * as v from 'valibot';
import { isIsoDate } from './dates';

export const CALENDAR_PATH = '/api/calendar-events';
export const CALENDAR_RESOURCE = 'calendar-events';
export const CALENDAR_ROUTE = '/calendar';

export type CalendarEntry = {
  /** Unique across kinds ("shift-{id}"). */
  id: string;
  kind: string;
  title: string;
  /** First and last London calendar day the entry covers. */
  start_date: string;
  end_date: string;
  /** Set for timed entries (shifts): ISO instants. */
  start_at: string | null;
  end_at: string | null;
  colour: string;
  person_name: string | null;
  department_id: string | null;
  /** Where the entry opens, when it has a page. */
  href: string | null;
};
export type CalendarKind = { kind: string; label: string; colour: string };
/** GET /api/calendar-events?from=&to=&department_id=&kind= */
export type CalendarAnswer = { from: string; to: string; kinds: CalendarKind[]; entries: CalendarEntry[] };

const dateParam = v.pipe(v.string('This is not a valid date.'), v.check(isIsoDate, 'This is not a valid date.'));
const list = (item: v.GenericSchema<string, string>) =>
  v.optional(
    v.pipe(
      v.union([v.array(item), item]),
      v.transform((value): string[] => (Array.isArray(value) ? value : [value])),
    ),
    [],
  );
export const CalendarQuerySchema = v.pipe(
  v.object({
    from: dateParam,
    to: dateParam,
    department_id: list(v.pipe(v.string(), v.uuid('Not found.'))),
    kind: list(v.pipe(v.string(), v.regex(/^[a-z_]{1,30}$/, 'Not found.'))),
  }),
  v.forward(
    v.check(
      (q) => q.to >= q.from && Date.parse(q.to) - Date.parse(q.from) <= 62 * 86_400_000,
      'Choose a range of at most 62 days, ending on or after its start.',
    ),
    ['to'],
  ),
);
export type CalendarQuery = v.InferOutput<typeof CalendarQuerySchema>;
