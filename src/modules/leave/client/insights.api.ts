// Who is at work today (the dashboard) and the team timeline (who-at-work;
// absence-timeline). Keys start with the resource names realtime events list. Rows drop the
// sickness category before caching (sickness reasons never persist offline).
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch, isApiError } from '../../../client/api/api-client';
import { pageQueries, startQuery, type PageQueries } from '../../../client/api/start-query';
import { londonDate } from '../../../shared/dates';
import { type Timeline, type WhoAtWork } from '../leave-insights.contract';
import { LEAVE_RESOURCES, leavePaths } from '../leave.contract';
import { departmentsQueryOptions } from '../../../client/api/reference-lists';
import { withoutSicknessReason } from './absences.api';
import { rangeFor, type TimelineView } from './timeline/timeline-model';

export type TimelineRange = { from: string; to: string; department_id?: string[] };

export const insightsKeys = {
  whoAtWork: (input: { date?: string; department_id?: string }) => [LEAVE_RESOURCES.whoAtWork, input] as const,
  timeline: (input: TimelineRange) => [LEAVE_RESOURCES.timeline, input] as const,
};

export const whoAtWorkQueryOptions = (input: { date?: string; department_id?: string } = {}) =>
  queryOptions({
    queryKey: insightsKeys.whoAtWork(input),
    queryFn: ({ signal }) => apiFetch<WhoAtWork>(leavePaths.resource(LEAVE_RESOURCES.whoAtWork), { signal, query: input }),
    // A dashboard card: a refusal hides it, a failure says so in the card.
    retry: (failures, error) => !isApiError(error, 403) && !isApiError(error, 401) && failures < 1,
    meta: { errorToast: false },
  });

export const timelineQueryOptions = (input: TimelineRange) =>
  queryOptions({
    queryKey: insightsKeys.timeline(input),
    queryFn: async ({ signal }) => {
      const timeline = await apiFetch<Timeline>(leavePaths.resource(LEAVE_RESOURCES.timeline), { signal, query: input });
      return { ...timeline, absences: timeline.absences.map(withoutSicknessReason) };
    },
    placeholderData: keepPreviousData,
  });

/** The view the timeline opens on, around today. */
export const FIRST_TIMELINE_VIEW: TimelineView = 'week';

/** The timeline page's first queries (its route's loader): this week, all departments, and the department filter's choices. */
export function startTimelinePage(queryClient: QueryClient): PageQueries {
  return pageQueries(
    startQuery(queryClient, timelineQueryOptions(rangeFor(FIRST_TIMELINE_VIEW, londonDate(new Date())))),
    startQuery(queryClient, departmentsQueryOptions()),
  );
}
