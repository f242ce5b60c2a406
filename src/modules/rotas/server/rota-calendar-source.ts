// Shifts on the calendar: the viewer's own published shifts, and (for those who build rotas)
// the published shifts of the departments they filter on.
import type { CalendarSource } from '../../../server/calendar/calendar-source';
import { londonDate } from '../../../shared/dates';
import { levelFor, scopeRank } from '../../../shared/scopes';
import type { CalendarEntry } from '../../../shared/calendar.contract';
import { ROTA_ENDPOINT } from '../rotas.contract';
import { findShifts } from './rota-shifts.queries';

export const shiftCalendarSource: CalendarSource = {
  kind: 'shift',
  label: 'Shifts',
  colour: 'blue',
  async find(trx, { companyId, session, from, to, departmentIds }) {
    const level = levelFor(session.permissions, ROTA_ENDPOINT, 'GET');
    if (level === null) return [];
    const mine = await findShifts(trx, { companyId, from, to, departmentIds: null, publishedOnly: true, userId: session.userId });
    const team =
      departmentIds.length && scopeRank(level) >= scopeRank('department')
        ? await findShifts(trx, {
            companyId,
            from,
            to,
            departmentIds: level === 'department' ? departmentIds.filter((id) => session.departmentIds.includes(id)) : departmentIds,
            publishedOnly: true,
            limit: 1000,
          })
        : [];
    const seen = new Set<string>();
    return [...mine, ...team]
      .filter((shift) => !seen.has(shift.id) && Boolean(seen.add(shift.id)))
      .map((shift): CalendarEntry => ({
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
