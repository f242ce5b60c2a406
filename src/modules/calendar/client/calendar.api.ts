// The calendar's one call. Its resource is made of others' data: a change to an absence, a
// bank holiday or closure day, a shift or a task (here or, by a realtime event, anywhere)
// refreshes an open calendar.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../client/api/api-client';
import { deriveResource } from '../../../client/api/invalidate-resources';
import { LEAVE_RESOURCES } from '../../leave/leave.contract';
import { ROTA_RESOURCES } from '../../rotas/rotas.contract';
import { TASK_RESOURCES } from '../../tasks/tasks.contract';
import { CALENDAR_PATH, CALENDAR_RESOURCE, type CalendarAnswer } from '../../../shared/calendar.contract';

deriveResource(CALENDAR_RESOURCE, [
  LEAVE_RESOURCES.absence,
  LEAVE_RESOURCES.bankHolidays,
  ROTA_RESOURCES.rota,
  TASK_RESOURCES.hr,
  TASK_RESOURCES.hs,
]);

export type CalendarParams = { from: string; to: string; department_id?: string[]; kind?: string[] };

export const calendarQueryOptions = (params: CalendarParams) =>
  queryOptions({
    queryKey: [CALENDAR_RESOURCE, params] as const,
    queryFn: ({ signal }) => apiFetch<CalendarAnswer>(CALENDAR_PATH, { signal, query: params }),
    placeholderData: keepPreviousData,
  });
