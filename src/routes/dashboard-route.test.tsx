// The dashboard's first open asks the server once: the route's loader starts every card's reads as
// one GET /api/batch, and each card renders from what it brought under the key it reads, so no
// card asks again. A read the batch answers with its route's 403 hides its card as that 403 would;
// a server without the batch (404) is asked read by read.
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRouteWithContext, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { clientModules } from '../app/client/modules';
import { createQueryClient } from '../client/api/query-client';
import type { RouterContext } from '../client/router-context';
import { ClientModulesProvider } from '../client/shell/client-modules';
import { mockApi } from '../client/ui/test-render';
import { whoAtWorkQueryOptions } from '../modules/leave/client/insights.api';
import { grants, ME, signInAs } from '../modules/leave/client/request/test-support';
import { LEAVE_ENDPOINTS } from '../modules/leave/leave.contract';
import { COMPANY_SETUP_ENDPOINT } from '../modules/companies/setup.contract';
import { DOCUMENT_ENDPOINT } from '../modules/documents/documents.contract';
import { EXPENSE_ENDPOINT } from '../modules/expenses/expenses.contract';
import { NOTICES_ENDPOINT } from '../modules/notices/notices.contract';
import { TASK_ENDPOINTS } from '../modules/tasks/tasks.contract';
import { TIME_CLOCK_ENDPOINT, TIMESHEETS_ENDPOINT } from '../modules/time-clock/time-clock.contract';
import type { BatchAnswer } from '../shared/batch-read.contract';
import type { PermissionEntry } from '../shared/scopes';
import { Route as DashboardRoute } from './_signed-in/_company/index';

const server = mockApi();
afterEach(() => server.events.removeAllListeners());

const OWNER: PermissionEntry[] = [
  ...[COMPANY_SETUP_ENDPOINT, NOTICES_ENDPOINT, TASK_ENDPOINTS.hr, TASK_ENDPOINTS.hs, DOCUMENT_ENDPOINT, EXPENSE_ENDPOINT].flatMap(
    (endpoint) => grants(endpoint, 'company', ['GET']),
  ),
  ...grants(LEAVE_ENDPOINTS.approve, 'company', ['POST']),
  ...grants(LEAVE_ENDPOINTS.absence, 'company', ['GET']),
  ...grants(TIMESHEETS_ENDPOINT, 'company', ['GET']),
  ...grants(TIME_CLOCK_ENDPOINT, 'own', ['POST']),
];
const EMPLOYEE: PermissionEntry[] = [...grants(LEAVE_ENDPOINTS.absence, 'own', ['GET']), ...grants(TIME_CLOCK_ENDPOINT, 'own', ['POST'])];

const list = <T,>(results: T[]) => ({ results, count: results.length, next_offset: results.length });

/** What the server's routes answer the demo owner, by path: enough for each card to show something. */
const ANSWERS: Record<string, unknown> = {
  '/api/pending-count': { document: 0, hr_task: 0, hs_task: 0, user_absence: 2, user_absence_rtw: 0, user_expense: 0, user_overtime: 0 },
  '/api/notifications': { results: [], count: 0, next_offset: 0, unread: 0 },
  '/api/dashboard-alerts': list([
    {
      id: 'a1',
      kind: 'dashboard',
      short_message: 'Fire drill at noon',
      long_message: '',
      published_at: null,
      created_at: '2026-01-01T09:00:00Z',
      updated_at: '2026-01-01T09:00:00Z',
    },
  ]),
  '/api/time-clock': { open: null, shift: null, last: null, clock_without_shift: true },
  '/api/company-setup': {
    complete: false,
    steps: [
      { key: 'locations', done: true },
      { key: 'departments', done: false },
    ],
  },
  '/api/notices': list([]),
  '/api/hr-task': list([]),
  '/api/hs-task': list([]),
  '/api/document-to-do': { hr: { to_sign: 1, to_acknowledge: 0, to_read: 0 }, hs: { to_sign: 0, to_acknowledge: 0, to_read: 0 } },
  '/api/user-absence': list([]),
  '/api/user-expense': list([]),
  '/api/user-absence-period': list([]),
  '/api/timesheets/in-now': { people: [] },
  '/api/who-at-work': { date: '2026-11-27', active_count: 14, at_work_count: 12, absent: [] },
};

const pathOf = (read: string) => new URL(read, 'http://test').pathname;

/** Serves the batch from ANSWERS (a path named in `refused` answers its route's 403); every request the page makes is counted. */
function serveBatch({ refused = [] as string[] } = {}) {
  const batches: string[][] = [];
  const requests: string[] = [];
  server.events.on('request:start', ({ request }) => requests.push(new URL(request.url).pathname));
  server.use(
    http.get('/api/batch', ({ request }) => {
      const reads = new URL(request.url).searchParams.getAll('read[]');
      batches.push(reads);
      const answers = reads.map((read): BatchAnswer => {
        const path = pathOf(read);
        if (refused.includes(path)) return { status: 403, body: { message: 'You do not have permission to do this.' } };
        return path in ANSWERS ? { status: 200, body: ANSWERS[path] } : { status: 404, body: { message: 'Not found' } };
      });
      return HttpResponse.json({ answers });
    }),
  );
  return { batches, requests };
}

/** The dashboard route under a root that hands the app's modules to the shell, as the signed-in frame does. */
function openDashboard() {
  const queryClient = createQueryClient();
  const root = createRootRouteWithContext<RouterContext>()({
    component: () => (
      <ClientModulesProvider modules={clientModules}>
        <Outlet />
      </ClientModulesProvider>
    ),
  });
  const { loader, component } = DashboardRoute.options as unknown as Record<string, unknown>;
  const page = createRoute({ getParentRoute: () => root, path: '/', loader, component } as never);
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    context: { queryClient },
  });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { queryClient };
}

// The first render loads every module's card: slow on a loaded machine.
const SLOW = { timeout: 10_000 };
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('the dashboard route (/)', () => {
  it('asks the server once, for every card’s read, and each card shows what that one answer brought', async () => {
    signInAs(OWNER, ME);
    const { batches, requests } = serveBatch();
    const { queryClient } = openDashboard();

    await waitFor(() => expect(screen.getByText('12 of 14 at work')).toBeVisible(), SLOW);
    expect(screen.getByText('2 absence requests to approve')).toBeVisible();
    expect(screen.getByText('Fire drill at noon')).toBeVisible();
    expect(screen.getByText('1 HR document to sign')).toBeVisible();
    expect(screen.getByText('Nobody is clocked in.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Set up your company' })).toBeVisible();
    await settle();

    expect(requests).toEqual(['/api/batch']);
    expect(batches[0]?.map(pathOf).sort()).toEqual(Object.keys(ANSWERS).sort());
    // Under the key the card reads: the persisted cache keeps it as it kept the card's own read.
    expect(queryClient.getQueryData(whoAtWorkQueryOptions().queryKey)).toEqual(ANSWERS['/api/who-at-work']);
  });

  it('asks only for the reads of the cards the session has: an employee’s batch holds no approver’s or owner’s read', async () => {
    signInAs(EMPLOYEE, ME);
    const { batches, requests } = serveBatch();
    openDashboard();
    await waitFor(() => expect(screen.getByText('12 of 14 at work')).toBeVisible(), SLOW);
    await settle();
    expect(requests).toEqual(['/api/batch']);
    expect(batches[0]?.map(pathOf).sort()).toEqual(
      [
        '/api/dashboard-alerts',
        '/api/notifications',
        '/api/pending-count',
        '/api/time-clock',
        '/api/user-absence-period',
        '/api/who-at-work',
      ].sort(),
    );
  });

  it('hides a card whose read the batch answers with its route’s 403, as that 403 alone would, and asks nothing more', async () => {
    signInAs(OWNER, ME);
    const { requests } = serveBatch({ refused: ['/api/who-at-work'] });
    openDashboard();
    await waitFor(() => expect(screen.getByText('Fire drill at noon')).toBeVisible(), SLOW);
    await settle();
    expect(screen.queryByText("Who's off today")).not.toBeInTheDocument();
    expect(requests).toEqual(['/api/batch']);
  });

  it('asks read by read a server that has no batch, and the cards still show', async () => {
    signInAs(EMPLOYEE, ME);
    const requests: string[] = [];
    server.events.on('request:start', ({ request }) => requests.push(new URL(request.url).pathname));
    server.use(
      http.get('/api/batch', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
      ...Object.entries(ANSWERS).map(([path, body]) => http.get(path, () => HttpResponse.json(body as object))),
    );
    openDashboard();
    await waitFor(() => expect(screen.getByText('12 of 14 at work')).toBeVisible(), SLOW);
    await settle();
    expect(requests[0]).toBe('/api/batch');
    expect(requests.slice(1).sort()).toEqual(
      [
        '/api/dashboard-alerts',
        '/api/notifications',
        '/api/pending-count',
        '/api/time-clock',
        '/api/user-absence-period',
        '/api/who-at-work',
      ].sort(),
    );
  });
});
