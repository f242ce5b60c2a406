// The calendar's own kinds: absences (the viewer's, and their team's as their absence scope
// allows), bank holidays of the viewer's region, and the company's closure days. Shifts come
// from the rotas module, tasks due from the tasks module.
import { calendarViewer } from '../../../server/calendar/calendar-reach.queries';
import type { CalendarSource } from '../../../server/calendar/calendar-source';
import { bankHolidayMap } from '../../leave/bank-holidays';
import type { CalendarEntry } from '../../../shared/calendar.contract';
import { findCalendarAbsences, findClosureDays, findViewerRegion } from './calendar.queries';

const entry = (
  fields: Partial<CalendarEntry> & Pick<CalendarEntry, 'id' | 'kind' | 'title' | 'start_date' | 'end_date' | 'colour'>,
): CalendarEntry => ({
  start_at: null,
  end_at: null,
  person_name: null,
  department_id: null,
  href: null,
  ...fields,
});

export const absenceSource: CalendarSource = {
  kind: 'absence',
  label: 'Absences',
  colour: 'green',
  async find(trx, { companyId, session, from, to, departmentIds }) {
    // Without the permission, one's own absences still.
    const viewer = calendarViewer(session, '/api/user-absence') ?? { reach: 'own', userId: session.userId, departmentIds: [] };
    const rows = await findCalendarAbsences(trx, {
      companyId,
      viewer,
      filterDepartments: departmentIds,
      from,
      to,
    });
    return rows.map((row) =>
      entry({
        id: `absence-${row.id}`,
        kind: 'absence',
        title: `${row.name}: ${row.leave_type}${row.status === 'pending' ? ' (waiting)' : ''}`,
        start_date: row.start_date,
        end_date: row.end_date ?? to,
        colour: row.colour,
        person_name: row.name,
        department_id: row.department_id,
        href: `/absence/${row.id}`,
      }),
    );
  },
};

export const bankHolidaySource: CalendarSource = {
  kind: 'bank_holiday',
  label: 'Bank holidays',
  colour: 'red',
  async find(trx, { companyId, session, from, to }) {
    const region = await findViewerRegion(trx, { companyId, userId: session.userId });
    return [...bankHolidayMap(region, from, to)].map(([date, name]) =>
      entry({ id: `bank-holiday-${date}`, kind: 'bank_holiday', title: name, start_date: date, end_date: date, colour: 'red' }),
    );
  },
};

export const closureSource: CalendarSource = {
  kind: 'closure',
  label: 'Company closure days',
  colour: 'gray',
  async find(trx, { companyId, session, from, to }) {
    const region = await findViewerRegion(trx, { companyId, userId: session.userId });
    const days = await findClosureDays(trx, { companyId, region, from, to });
    return days.map((day) =>
      entry({ id: `closure-${day.id}`, kind: 'closure', title: day.name, start_date: day.date, end_date: day.date, colour: 'gray' }),
    );
  },
};
