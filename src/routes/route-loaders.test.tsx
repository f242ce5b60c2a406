// Route loaders start their page's queries before the page renders, from the same query options
// the page reads: one request per page, however the page and the loader interleave, and a failed
// or offline start leaves the page to show its own state.
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, routeHarness } from '../client/ui/test-render';
import { parseAbsenceListSearch } from '../modules/leave/client/absence-list-search';
import { absence, absenceDetail, ANNUAL, listOf, MANAGER, OPERATIONS, signIn } from '../modules/leave/client/absence/absence-test-data';
import { absenceListPageQueryOptions, absenceQueryOptions } from '../modules/leave/client/absences.api';
import { Route as AbsenceRoute } from './_signed-in/_company/absence.$id';
import { Route as ListRoute } from './_signed-in/_company/leave-and-absences.list';

const server = mockApi();

beforeEach(() => localStorage.clear());

function serveList(respond: () => Response) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('/api/user-absence', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return respond();
    }),
    http.get('/api/departments', () => listOf([OPERATIONS])),
    http.get('/api/leave-type', () => listOf([{ ...ANNUAL, needs_approval: true, sort_order: 1, archived: false }])),
  );
  return queries;
}

const APPROVALS = '/leave-and-absences/list?status=needApproval&show_relevant_to_me=1';

describe('the absence list route (/leave-and-absences/list)', () => {
  it('starts the list page of the address before the page renders, and the page reads it with one request', async () => {
    signIn(MANAGER);
    const queries = serveList(() => listOf([absence({ can_approve: true })]));
    const app = routeHarness(ListRoute, { pattern: '/leave-and-absences/list', path: APPROVALS });
    await app.load();
    const { queryKey } = absenceListPageQueryOptions(parseAbsenceListSearch({ status: 'needApproval', show_relevant_to_me: '1' }));
    expect(app.queryClient.getQueryState(queryKey)).toBeDefined();

    app.render();
    await screen.findByRole('table', { name: 'Absences' });
    expect(queries).toHaveLength(1);
    expect(queries[0]?.getAll('status[]')).toEqual(['needApproval']);
    expect(queries[0]?.get('show_relevant_to_me')).toBe('1');
  });

  it('starts the next page when the address moves to it', async () => {
    signIn(MANAGER);
    const queries = serveList(() => listOf([absence({})], 45));
    const app = routeHarness(ListRoute, { pattern: '/leave-and-absences/list', path: '/leave-and-absences/list' });
    await app.load();
    app.render();
    await screen.findByRole('table', { name: 'Absences' });
    await app.router.navigate({ to: '/leave-and-absences/list', search: { page: 2 } });
    await waitFor(() => expect(queries.at(-1)?.get('offset')).toBe('20'));
    expect(queries).toHaveLength(2);
  });

  it('never fails the navigation: a list the server refuses is the page’s error to show', async () => {
    signIn(MANAGER);
    serveList(() => HttpResponse.json({ message: 'Boom' }, { status: 500 }));
    const app = routeHarness(ListRoute, { pattern: '/leave-and-absences/list', path: '/leave-and-absences/list' });
    await app.load();
    expect(app.router.state.status).toBe('idle');
    expect(app.router.state.matches.at(-1)?.status).toBe('success');
    app.render();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});

describe('the absence route (/absence/{id})', () => {
  it('starts the absence of the address before the page renders', async () => {
    signIn(MANAGER);
    const detail = absenceDetail({});
    let reads = 0;
    server.use(
      http.get('/api/user-absence/:id', () => {
        reads += 1;
        return HttpResponse.json(detail);
      }),
    );
    const app = routeHarness(AbsenceRoute, { pattern: '/absence/$id', path: `/absence/${detail.id}` });
    await app.load();
    expect(app.queryClient.getQueryState(absenceQueryOptions(detail.id).queryKey)).toBeDefined();
    await waitFor(() => expect(app.queryClient.getQueryData(absenceQueryOptions(detail.id).queryKey)).toEqual(detail));
    expect(reads).toBe(1);
  });
});
