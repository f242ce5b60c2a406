import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { calendarQueryOptions } from '../../../modules/calendar/client/calendar.api';
import { CalendarPage } from '../../../modules/calendar/client/calendar-page';
import { firstCalendarView, rangeFor } from '../../../modules/calendar/client/calendar-model';
import { londonDate } from '../../../shared/dates';

export const Route = createFileRoute('/_signed-in/_company/calendar')({
  loader: ({ context }) => startQuery(context.queryClient, calendarQueryOptions(rangeFor(firstCalendarView(), londonDate(new Date())))),
  component: CalendarPage,
});
