// What a module gives the calendar (ServerModule.calendar): the dated entries of one kind the
// viewer may see between two dates, found in the viewer's company transaction. A module that
// lands later (tasks, documents) registers its due dates here.
import type { CalendarEntry, CalendarKind } from '../../shared/calendar.contract';
import type { Trx } from '../db/database';
import type { Session } from '../plugins/request-context';

export type CalendarSource = CalendarKind & {
  find: (
    trx: Trx,
    input: { companyId: string; session: Session; from: string; to: string; departmentIds: string[] },
  ) => Promise<CalendarEntry[]>;
};
