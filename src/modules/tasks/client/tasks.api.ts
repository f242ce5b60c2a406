// The calls of the task screens (hr-task and hs-task, §7): lists, one task, the templates, and
// every step. Keys start with the resource name, so realtime events naming it refresh them.
// Completing is queueable: offline, the service worker keeps it (with its photo) and sends it
// once when the network returns.
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch, isApiError } from '../../../client/api/api-client';
import { fetchFile } from '../../../client/api/downloads';
import { invalidateResources } from '../../../client/api/invalidate-resources';
import type { QueryInput } from '../../../shared/query-string';
import {
  CompleteTaskInputSchema,
  TASK_INVALIDATES,
  TASK_RESOURCES,
  TASK_ROUTES,
  taskPaths,
  type CreatedTasks,
  type TaskArea,
  type TaskBulkResult,
  type TaskDetail,
  type TaskList,
  type TaskTemplate,
} from '../tasks.contract';

export const TASK_PAGE_SIZE = 20;

export type TaskFilters = {
  view: 'mine' | 'managed';
  status?: string[];
  assignee_id?: string[];
  from?: string;
  to?: string;
  search?: string;
};

/** What a task list shows first: my open tasks. */
export const defaultTaskFilters = (): TaskFilters => ({ view: 'mine', status: ['open'] });

export const taskKeys = {
  list: (area: TaskArea, input: { filters: TaskFilters; page: number; limit: number }) => [TASK_RESOURCES[area], 'list', input] as const,
  detail: (area: TaskArea, id: string) => [TASK_RESOURCES[area], 'detail', id] as const,
  templates: (area: TaskArea) => [TASK_RESOURCES[area], 'templates'] as const,
};

export const taskListQueryOptions = (area: TaskArea, input: { filters: TaskFilters; page: number; limit?: number }) => {
  const limit = input.limit ?? TASK_PAGE_SIZE;
  return queryOptions({
    queryKey: taskKeys.list(area, { filters: input.filters, page: input.page, limit }),
    queryFn: ({ signal }) =>
      apiFetch<TaskList>(taskPaths.resource(area), {
        signal,
        query: { ...(input.filters as QueryInput), offset: (input.page - 1) * limit, limit },
      }),
    placeholderData: keepPreviousData,
  });
};

const isRefusal = (error: unknown) => isApiError(error, 404) || isApiError(error, 403);

export const taskQueryOptions = (area: TaskArea, id: string) =>
  queryOptions({
    queryKey: taskKeys.detail(area, id),
    queryFn: ({ signal }) => apiFetch<TaskDetail>(taskPaths.resource(area, id), { signal }),
    retry: (failures, error) => !isRefusal(error) && !isApiError(error, 401) && failures < 1,
    meta: { errorToast: false },
  });

export const taskTemplatesQueryOptions = (area: TaskArea) =>
  queryOptions({
    queryKey: taskKeys.templates(area),
    queryFn: ({ signal }) => apiFetch<{ results: TaskTemplate[] }>(taskPaths.templates(area), { signal }),
    staleTime: 60 * 60 * 1000,
  });

export const invalidateTasks = (queryClient: QueryClient, area: TaskArea) => invalidateResources(queryClient, TASK_INVALIDATES[area]);

export const createTaskMutationOptions = (queryClient: QueryClient, area: TaskArea) => ({
  mutationFn: (body: object) => apiFetch<CreatedTasks>(taskPaths.resource(area), { method: 'POST', body }),
  meta: { errorToast: false },
  onSuccess: () => invalidateTasks(queryClient, area),
});

export const updateTaskMutationOptions = (queryClient: QueryClient, area: TaskArea) => ({
  mutationFn: ({ id, body }: { id: string; body: object }) => apiFetch<TaskDetail>(taskPaths.resource(area, id), { method: 'PUT', body }),
  meta: { errorToast: false },
  onSuccess: (detail: TaskDetail) => {
    queryClient.setQueryData(taskKeys.detail(area, detail.id), detail);
    return invalidateTasks(queryClient, area);
  },
});

export const fromTemplateMutationOptions = (queryClient: QueryClient, area: TaskArea) => ({
  mutationFn: (body: { template_key: string; assignee?: { kind: 'user'; id: string } | null }) =>
    apiFetch<CreatedTasks>(taskPaths.fromTemplate(area), { method: 'POST', body }),
  meta: { errorToast: false },
  onSuccess: () => invalidateTasks(queryClient, area),
});

export const bulkTasksMutationOptions = (queryClient: QueryClient, area: TaskArea) => ({
  mutationFn: (
    body: { action: 'complete'; data: { ids: string[] } } | { action: 'reassign'; data: { ids: string[]; assignee_id: string } },
  ) => apiFetch<TaskBulkResult>(taskPaths.bulk(area), { method: 'POST', body }),
  meta: { errorToast: false },
  onSuccess: () => invalidateTasks(queryClient, area),
});

export const deleteTaskMutationOptions = (queryClient: QueryClient, area: TaskArea) => ({
  mutationFn: (id: string) => apiFetch<void>(taskPaths.resource(area, id), { method: 'DELETE' }),
  onSuccess: () => invalidateTasks(queryClient, area),
});

export const reopenTaskMutationOptions = (queryClient: QueryClient, area: TaskArea) => ({
  mutationFn: (id: string) => apiFetch<TaskDetail>(taskPaths.action(area, id, 'reopen'), { method: 'POST', body: {} }),
  onSuccess: () => invalidateTasks(queryClient, area),
});

export const commentMutationOptions = (queryClient: QueryClient, area: TaskArea) => ({
  mutationFn: ({ id, body }: { id: string; body: string }) =>
    apiFetch<TaskDetail>(taskPaths.action(area, id, 'comments'), { method: 'POST', body: { body } }),
  onSuccess: () => invalidateTasks(queryClient, area),
});

export const checklistMutationOptions = (queryClient: QueryClient, area: TaskArea) => ({
  mutationFn: ({ id, itemId, done }: { id: string; itemId: string; done: boolean }) =>
    apiFetch<TaskDetail>(taskPaths.checklistItem(area, id, itemId), { method: 'PUT', body: { done } }),
  onSuccess: (detail: TaskDetail) => {
    queryClient.setQueryData(taskKeys.detail(area, detail.id), detail);
    return invalidateTasks(queryClient, area);
  },
});

/** A task's page, where its completion form is (the outbox opens it to correct a refused completion). */
export const taskPagePath = (area: TaskArea, id: string) => TASK_ROUTES[area].detail.replace('$id', id);

/** Completion with a note and, optionally, a photo or file as evidence; kept by the outbox when offline. */
export const completeTaskMutationOptions = (queryClient: QueryClient, area: TaskArea) => ({
  mutationFn: ({ id, note, file, title }: { id: string; note: string; file: File | null; title: string }) => {
    const queue = {
      resource: TASK_RESOURCES[area],
      label: `Complete: ${title}`,
      schema: CompleteTaskInputSchema,
      input: { note },
      form: taskPagePath(area, id),
    };
    if (!file) {
      return apiFetch<TaskDetail>(taskPaths.action(area, id, 'complete'), { method: 'POST', body: { note }, queue });
    }
    const form = new FormData();
    form.set('note', note);
    form.set('file', file, file.name);
    return apiFetch<TaskDetail>(taskPaths.action(area, id, 'complete'), { method: 'POST', body: form, queue });
  },
  networkMode: 'always' as const,
  meta: { errorToast: false },
  onSuccess: () => invalidateTasks(queryClient, area),
});

export const attachFileMutationOptions = (queryClient: QueryClient, area: TaskArea) => ({
  mutationFn: ({ id, file }: { id: string; file: File }) => {
    const form = new FormData();
    form.set('file', file, file.name);
    return apiFetch<TaskDetail>(taskPaths.action(area, id, 'files'), { method: 'POST', body: form });
  },
  meta: { errorToast: false },
  onSuccess: () => invalidateTasks(queryClient, area),
});

/** A stored file, downloaded with the bearer token and opened in a new tab. */
export async function openTaskFile(path: string): Promise<void> {
  const url = URL.createObjectURL(await (await fetchFile(path)).blob());
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The server's words for a refused write: its field messages, else its message. */
export function refusalMessage(error: unknown): string | null {
  if (!isApiError(error) || error.status >= 500) return null;
  const fieldMessages = Object.values(error.fieldErrors ?? {}).flat();
  return fieldMessages.length > 0 ? fieldMessages.join(' ') : error.message;
}
