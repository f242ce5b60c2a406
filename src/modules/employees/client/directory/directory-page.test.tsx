import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../../client/ui/test-render';
import type { PermissionEntry } from '../../../../shared/scopes';
import type { DirectoryEntry } from '../../directory.contract';
import { ANN_SMITH, LEEDS, SALES } from '../test-people';
import { DirectoryPage } from './directory-page';

const server = mockApi();

const MENTOR = { id: '33333333-3333-4333-8333-333333333333', name: 'Mentor', colour: 'grape' };

const person = (overrides: Partial<DirectoryEntry>): DirectoryEntry => ({
  ...ANN_SMITH,
  id: crypto.randomUUID(),
  tags: [MENTOR],
  ...overrides,
});

const OWNER: PermissionEntry[] = (['GET', 'POST', 'PUT'] as const).map((method) => ({
  endpoint: '/api/user-basic',
  method,
  type: 'company',
}));

function signIn(permissions: PermissionEntry[]) {
  localStorage.setItem('permissions', JSON.stringify(permissions));
}

/** Serves the lists and records every directory request's query and every bulk body. */
function serve(rows: DirectoryEntry[], bulk: () => Response = () => HttpResponse.json({ action: 'invite', updated: 2 })) {
  const queries: URLSearchParams[] = [];
  const bulkBodies: unknown[] = [];
  const list = (items: unknown[]) => HttpResponse.json({ results: items, count: items.length, next_offset: items.length });
  server.use(
    http.get('/api/user-basic', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json({ results: rows, count: rows.length, next_offset: rows.length });
    }),
    http.get('/api/departments', () => list([SALES])),
    http.get('/api/company-location', () => list([LEEDS])),
    http.get('/api/user-tags', () => list([MENTOR])),
    http.post('/api/user-basic/bulk', async ({ request }) => {
      bulkBodies.push(await request.json());
      return bulk();
    }),
  );
  return { queries, bulkBodies };
}

/** Mantine's selects ignore a click on an option within 200 ms of opening (a touch screen's echo). */
const afterOpening = () => act(() => new Promise((resolve) => setTimeout(resolve, 250)));

beforeEach(() => localStorage.clear());

describe('the employee directory (/employees)', () => {
  it('lists employees with job title, department, location, status and tags, asking for 20 from the start', async () => {
    signIn(OWNER);
    const { queries } = serve([person({}), person({ first_name: 'Bob', surname: 'Jones', status: 'invited', job_title: null, tags: [] })]);
    renderWithApp(<DirectoryPage />, { path: '/employees' });
    const table = await screen.findByRole('table', { name: 'Employees' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Ann Smith' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/employee\/[0-9a-f-]{36}$/),
    );
    expect(within(rows[0]!).getByText('Sales lead')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Leeds')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Mentor')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Active')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Invited')).toBeInTheDocument();
    expect(queries[0]?.get('offset')).toBe('0');
    expect(queries[0]?.get('limit')).toBe('20');
    // No status chosen: the server's default (everyone but terminated people).
    expect(queries[0]?.has('status[]')).toBe(false);
  });

  it('writes a chosen status and the search into the address and the request, status as a list', async () => {
    signIn(OWNER);
    const { queries } = serve([person({})]);
    const { router } = renderWithApp(<DirectoryPage />, { path: '/employees' });
    await screen.findByRole('table', { name: 'Employees' });

    fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await afterOpening();
    fireEvent.click(await screen.findByRole('option', { name: 'Terminated' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ status: ['terminated'] }));
    await waitFor(() => expect(queries.at(-1)?.getAll('status[]')).toEqual(['terminated']));

    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'smi' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ status: ['terminated'], search: 'smi' }));
    await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('smi'));
    expect(queries.at(-1)?.getAll('status[]')).toEqual(['terminated']);
  });

  it('reads filters from a shared address, and shows the empty state with a way back to everyone', async () => {
    signIn(OWNER);
    const { queries } = serve([]);
    const { router } = renderWithApp(<DirectoryPage />, {
      path: `/employees?department_id=${encodeURIComponent(JSON.stringify([SALES.id]))}&search=zed`,
    });
    expect(await screen.findByText('No employees match these filters.')).toBeInTheDocument();
    expect(queries[0]?.getAll('department_id[]')).toEqual([SALES.id]);
    expect(queries[0]?.get('search')).toBe('zed');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    await waitFor(() => expect(queries.at(-1)?.has('search')).toBe(false));
  });

  it('shows the bulk bar for selected rows and sends invitations to exactly them', async () => {
    signIn(OWNER);
    const ann = person({});
    const bob = person({ first_name: 'Bob', surname: 'Jones', status: 'pending' });
    const { bulkBodies } = serve([ann, bob, person({ first_name: 'Cat', surname: 'Lee' })]);
    renderWithApp(<DirectoryPage />, { path: '/employees' });
    await screen.findByRole('table', { name: 'Employees' });
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ann Smith' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Bob Jones' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 selected')).toBeInTheDocument();
    fireEvent.click(within(bar).getByRole('button', { name: 'Send invitations' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send invitations' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    await waitFor(() => expect(bulkBodies).toEqual([{ action: 'invite', data: { user_ids: [ann.id, bob.id] } }]));
    expect(await screen.findByText('2 employees updated.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument());
  });

  it('shows the server’s reason when a bulk action is refused, and keeps the selection', async () => {
    signIn(OWNER);
    const ann = person({});
    const refusal = 'Ann Smith is outside your departments.';
    const { bulkBodies } = serve([ann], () =>
      HttpResponse.json(
        { code: 'validation', message: 'Please check provided details.', errors: { 'data.user_ids': [refusal] } },
        { status: 422 },
      ),
    );
    renderWithApp(<DirectoryPage />, { path: '/employees' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select every employee on this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add tags' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add tags' });
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Tags' }));
    await afterOpening();
    fireEvent.click(await screen.findByRole('option', { name: 'Mentor' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(bulkBodies).toEqual([{ action: 'add_tags', data: { user_ids: [ann.id], tag_ids: [MENTOR.id] } }]);
    expect(screen.queryByText('Error occurred')).not.toBeInTheDocument();
    expect(screen.getByText('1 selected')).toBeInTheDocument();
  });

  it('offers no selection, bulk actions, export or "Add employee" to someone who may only read', async () => {
    signIn([
      { endpoint: '/api/user-basic', method: 'GET', type: 'company' },
      { endpoint: '/api/user-basic', method: 'PUT', type: 'own' },
    ]);
    serve([person({})]);
    renderWithApp(<DirectoryPage />, { path: '/employees' });
    await screen.findByRole('table', { name: 'Employees' });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add employee' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });
});
