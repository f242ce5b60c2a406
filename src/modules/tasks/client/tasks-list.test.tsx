// The task list's states and bulk actions, as a manager sees them: the empty state with "Clear
// filters" back to the open tasks, and the bar over chosen rows that completes exactly them.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../client/ui/test-render';
import { PEOPLE_SEARCH_PATH } from '../../../shared/people-search';
import { taskPaths, type Task } from '../tasks.contract';
import { TasksPage } from './tasks-page';

const server = mockApi();

const task = (id: string, title: string): Task => ({
  id,
  area: 'hs',
  title,
  assignee: { id: 'u1', first_name: 'Ella', surname: 'Evans' },
  due_date: '2026-12-01',
  due_time: null,
  priority: 'normal' as Task['priority'],
  status: 'open' as Task['status'],
  overdue: false,
  recurring: false,
  checklist_total: 0,
  checklist_done: 0,
  completed_at: null,
  incident_id: null,
});

const DRILL = task('0b7e3c1a-5d2f-4e8a-9b6c-1a2b3c4d5e6f', 'Fire drill');
const FIRST_AID = task('1c8f4d2b-6e3a-4f9b-8c7d-2b3c4d5e6f7a', 'Restock the first-aid box');

/** Serves the managed list (empty while a search is set), the people search and the bulk endpoint. */
function serve() {
  const queries: URLSearchParams[] = [];
  const bulkBodies: unknown[] = [];
  server.use(
    http.get(`*${taskPaths.resource('hs')}`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const results = query.get('search') ? [] : [DRILL, FIRST_AID];
      return HttpResponse.json({ results, count: results.length });
    }),
    http.get(`*${PEOPLE_SEARCH_PATH}`, () => HttpResponse.json({ results: [], count: 0 })),
    http.post(`*${taskPaths.bulk('hs')}`, async ({ request }) => {
      bulkBodies.push(await request.json());
      return HttpResponse.json({ action: 'complete', updated: 1 });
    }),
  );
  return { queries, bulkBodies };
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(
    'permissions',
    JSON.stringify(['GET', 'POST', 'PUT'].map((method) => ({ endpoint: '/api/hs-task', method, type: 'company' }))),
  );
});

describe('the task list (/hs-tasks)', () => {
  it('says an empty search as "No tasks here" with Clear filters, which brings back the open tasks', async () => {
    const { queries } = serve();
    renderWithApp(<TasksPage area="hs" />, { path: '/hs-tasks' });
    expect(await screen.findByText('Fire drill')).toBeInTheDocument();
    expect(screen.getByText('2 tasks')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'zzz' } });
    expect(await screen.findByText('No tasks here')).toBeInTheDocument();
    expect(screen.getByText('Nothing on your list matches these filters. Add one, or start from a template.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Fire drill')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('');
    expect(queries.at(-1)?.has('search')).toBe(false);
    expect(queries.at(-1)?.getAll('status[]')).toEqual(['open']);
  });

  it('completes exactly the chosen tasks of "Tasks I manage"', async () => {
    const { bulkBodies } = serve();
    renderWithApp(<TasksPage area="hs" />, { path: '/hs-tasks' });
    fireEvent.click(await screen.findByRole('radio', { name: 'Tasks I manage' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Fire drill' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('1 selected')).toBeInTheDocument();

    fireEvent.click(within(bar).getByRole('button', { name: 'Complete selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete the selected tasks?' });
    expect(dialog).toHaveTextContent('1 task will be marked done');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(bulkBodies).toEqual([{ action: 'complete', data: { ids: [DRILL.id] } }]));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument());
  });

  it('forgets the chosen tasks when the list changes, also when it comes back to the same filters', async () => {
    serve();
    renderWithApp(<TasksPage area="hs" />, { path: '/hs-tasks' });
    fireEvent.click(await screen.findByRole('radio', { name: 'Tasks I manage' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Restock the first-aid box' }));
    expect(screen.getByRole('region', { name: 'Bulk actions' })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'zzz' } });
    expect(await screen.findByText('No task matches these filters. Add one, or start from a template.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('checkbox', { name: 'Select Restock the first-aid box' })).not.toBeChecked();
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
  });
});
