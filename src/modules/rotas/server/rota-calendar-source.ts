// Shifts on the calendar: the published shifts of the people the viewer may see, by the same
// rule as absences — their own, a manager's departments and line reports (and their
// departments' open shifts), the company's for owners and HR admins — narrowed to the
// departments filtered on.
import { calendarViewer } from '../../../server/calendar/calendar-reach.queries';
import type { CalendarSource } from '../../../server/calendar/calendar-source';
import { londonDate } from '../../../shared/dates';
import type { CalendarEntry } from '../../../shared/calendar.contract';
import { ROTA_ENDPOINT } from '../rotas.contract';
import { findShifts } from './rota-shifts.queries';

export const shiftCalendarSource: CalendarSource = {
  kind: 'shift',
  label: 'Shifts',
  colour: 'blue',
  async find(trx, { companyId, session, from, to, departmentIds }) {
    const viewer = calendarViewer(session, ROTA_ENDPOINT);
    if (viewer === null) return [];
    const shifts = await findShifts(trx, {
      companyId,
      from,
      to,
      departmentIds: departmentIds.length ? departmentIds : null,
      publishedOnly: true,
      visibleTo: viewer,
      limit: 2000,
    });
    return shifts.map((shift): CalendarEntry => ({
      id: `shift-${shift.id}`,
      kind: 'shift',
      title: `${shift.user_name ?? 'Open shift'}: ${shift.role || 'Shift'}`,
      start_date: londonDate(new Date(shift.start_at)),
      end_date: londonDate(new Date(shift.start_at)),
      start_at: shift.start_at,
      end_at: shift.end_at,
      colour: shift.colour,
      person_name: shift.user_name,
      department_id: shift.department_id,
      href: shift.user_id === session.userId ? '/rotas/shifts' : null,
    }));
  },
};
