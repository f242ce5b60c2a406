// The calendar's one call; its key starts with the resource names whose changes move it.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../client/api/api-client';
import { CALENDAR_PATH, CALENDAR_RESOURCE, type CalendarAnswer } from '../calendar.contract';

export type CalendarParams = { from: string; to: string; department_id?: string[]; kind?: string[] };

export const calendarQueryOptions = (params: CalendarParams) =>
  queryOptions({
    queryKey: [CALENDAR_RESOURCE, params] as const,
    queryFn: ({ signal }) => apiFetch<CalendarAnswer>(CALENDAR_PATH, { signal, query: params }),
    placeholderData: keepPreviousData,
  });
