// Clocked time on the calendar: who was in and when, and who is in now (an open entry, "in
// since 08:58", running until now) — for the people whose timesheets the viewer reads, and a
// person's own time.
import { calendarViewer } from '../../../server/calendar/calendar-reach.queries';
import type { CalendarSource } from '../../../server/calendar/calendar-source';
import type { CalendarEntry } from '../../../shared/calendar.contract';
import { DATE_FORMATS, formatLondon, londonDate } from '../../../shared/dates';
import { TIME_CLOCK_ENDPOINT, TIMESHEETS_ENDPOINT } from '../time-clock.contract';
import { findClockedTime } from './time-clock-calendar.queries';

export const clockedTimeCalendarSource: CalendarSource = {
  kind: 'clocked',
  label: 'Clocked time',
  colour: 'teal',
  async find(trx, { companyId, session, from, to, departmentIds }) {
    const viewer = calendarViewer(session, TIMESHEETS_ENDPOINT) ?? calendarViewer(session, TIME_CLOCK_ENDPOINT);
    if (viewer === null) return [];
    const rows = await findClockedTime(trx, { companyId, viewer, from, to, departmentIds });
    const time = (at: Date) => formatLondon(at, DATE_FORMATS.time);
    return rows.map((row): CalendarEntry => {
      const own = row.user_id === session.userId;
      return {
        id: `clocked-${row.id}`,
        kind: 'clocked',
        title: row.clock_out_at
          ? `${row.name}: clocked ${time(row.clock_in_at)}–${time(row.clock_out_at)}`
          : `${row.name}: in since ${time(row.clock_in_at)}`,
        start_date: londonDate(row.clock_in_at),
        end_date: londonDate(row.clock_in_at),
        start_at: new Date(row.clock_in_at).toISOString(),
        end_at: new Date(row.clock_out_at ?? Date.now()).toISOString(),
        colour: 'teal',
        person_name: row.name,
        department_id: row.department_id,
        href: own ? '/rotas/shifts' : '/timesheets',
      };
    });
  },
};
