import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setOutboxItems, setOutboxUser } from '../../../../client/offline/outbox-items';
import { outboxSummary } from '../../../../client/offline/outbox-test-support';
import { mockApi, renderWithApp } from '../../../../client/ui/test-render';
import { type Absence } from '../../absences.contract';
import { leaveMessages } from '../../leave.contract';
import { AbsenceListPage } from '../absence-list-page';
import { absence, ANNUAL, CARL, EMPLOYEE, listOf, MANAGER, OLLY, OPERATIONS, signIn } from '../absence/absence-test-data';

const server = mockApi();

/** Serves the list and the filters' choices; records every list query and every write. */
function serve(rows: Absence[]) {
  const queries: URLSearchParams[] = [];
  const writes: { url: string; body: unknown }[] = [];
  const record = async ({ request }: { request: Request }) => {
    writes.push({ url: new URL(request.url).pathname, body: await request.json() });
    return HttpResponse.json({ action: 'approve', updated: 2 });
  };
  server.use(
    http.get('/api/user-absence', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return listOf(rows);
    }),
    http.get('/api/departments', () => listOf([OPERATIONS])),
    http.get('/api/leave-type', () => listOf([{ ...ANNUAL, needs_approval: true, sort_order: 1, archived: false }])),
    http.post('/api/user-absence/bulk', record),
    http.post('/api/user-absence/:id/decline', record),
    http.post('/api/user-absence/:id/approve', record),
  );
  return { queries, writes };
}

/** Mantine's selects ignore a click on an option within 200 ms of opening (a touch screen's echo). */
const afterOpening = () => act(() => new Promise((resolve) => setTimeout(resolve, 250)));

beforeEach(() => localStorage.clear());
afterEach(() => act(() => setOutboxUser(null)));

describe('the absence list (/leave-and-absences/list)', () => {
  it('reads the approvals link (status=needApproval, show_relevant_to_me=1) into the request and the filters', async () => {
    signIn(MANAGER);
    const { queries } = serve([absence({ can_approve: true })]);
    const { router } = renderWithApp(<AbsenceListPage />, { path: '/leave-and-absences/list?status=needApproval&show_relevant_to_me=1' });
    await screen.findByRole('table', { name: 'Absences' });
    expect(queries[0]?.getAll('status[]')).toEqual(['needApproval']);
    expect(queries[0]?.get('show_relevant_to_me')).toBe('1');
    expect(queries[0]?.get('limit')).toBe('20');
    expect(queries[0]?.get('offset')).toBe('0');
    const mine = screen.getByRole('checkbox', { name: 'Only mine to approve' });
    expect(mine).toBeChecked();

    fireEvent.click(mine);
    await waitFor(() => expect(router.state.location.search).toEqual({ status: ['needApproval'] }));
    await waitFor(() => expect(queries.at(-1)?.has('show_relevant_to_me')).toBe(false));
  });

  it('writes "Needs approval" and "Only mine to approve" into the address', async () => {
    signIn(MANAGER);
    const { queries } = serve([absence({})]);
    const { router } = renderWithApp(<AbsenceListPage />, { path: '/leave-and-absences/list' });
    await screen.findByRole('table', { name: 'Absences' });
    fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await afterOpening();
    fireEvent.click(await screen.findByRole('option', { name: 'Needs approval' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ status: ['needApproval'] }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Only mine to approve' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ status: ['needApproval'], show_relevant_to_me: 1 }));
    await waitFor(() => expect(queries.at(-1)?.get('show_relevant_to_me')).toBe('1'));
    expect(queries.at(-1)?.getAll('status[]')).toEqual(['needApproval']);
  });

  it('offers "Only mine to approve" only to approvers', async () => {
    signIn(EMPLOYEE);
    serve([absence({})]);
    renderWithApp(<AbsenceListPage />, { path: '/leave-and-absences/list' });
    await screen.findByRole('table', { name: 'Absences' });
    expect(screen.queryByRole('checkbox', { name: 'Only mine to approve' })).not.toBeInTheDocument();
    // Nothing the employee may approve: no selection at all.
    expect(screen.queryByRole('checkbox', { name: /^Select/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
  });

  it('selects only rows the caller may approve and approves exactly them after confirming', async () => {
    signIn(MANAGER);
    const ella = absence({ can_approve: true });
    const carl = absence({ user: CARL, can_approve: true });
    const olly = absence({ user: OLLY, can_approve: false, status: 'approved' });
    const { writes } = serve([ella, carl, olly]);
    renderWithApp(<AbsenceListPage />, { path: '/leave-and-absences/list' });
    const table = await screen.findByRole('table', { name: 'Absences' });
    expect(within(table).getByRole('checkbox', { name: 'Select Ella Evans' })).toBeInTheDocument();
    expect(within(table).queryByRole('checkbox', { name: 'Select Olly Owen' })).not.toBeInTheDocument();

    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select all that I can approve' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 selected')).toBeInTheDocument();
    fireEvent.click(within(bar).getByRole('button', { name: 'Approve selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve selected' });
    expect(writes).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(writes).toEqual([{ url: '/api/user-absence/bulk', body: { action: 'approve', data: { ids: [ella.id, carl.id] } } }]),
    );
    expect(await screen.findByText('2 absences approved.')).toBeInTheDocument();
  });

  it('asks for a reason before declining, and sends it', async () => {
    signIn(MANAGER);
    const carl = absence({ user: CARL, can_approve: true });
    const { writes } = serve([carl]);
    renderWithApp(<AbsenceListPage />, { path: '/leave-and-absences/list' });
    const table = await screen.findByRole('table', { name: 'Absences' });
    fireEvent.click(within(table).getByRole('button', { name: 'Decline Carl Cole' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline absence' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText(leaveMessages.declineReasonRequired)).toBeInTheDocument();
    expect(writes).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Year-end stock take' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(writes).toEqual([{ url: `/api/user-absence/${carl.id}/decline`, body: { reason: 'Year-end stock take' } }]));
  });

  it('shows requests made offline on top, waiting to sync or needing attention with the server’s message', async () => {
    signIn(EMPLOYEE);
    serve([]);
    act(() => {
      setOutboxUser('user-a');
      setOutboxItems('user-a', [
        outboxSummary({
          id: 'k1',
          resource: 'user-absence',
          label: 'Leave request',
          url: '/api/user-absence',
          body: { leave_type_id: ANNUAL.id, start_date: '2025-12-01', end_date: '2025-12-03', duration_type: 'days' },
        }),
        outboxSummary({
          id: 'k2',
          resource: 'user-absence',
          label: 'Leave request',
          url: '/api/user-absence',
          state: 'needs_attention',
          createdAt: '2025-03-03T10:00:00.000Z',
          error: { status: 409, message: leaveMessages.overlap('01/12/2025', '03/12/2025') },
          body: { leave_type_id: ANNUAL.id, start_date: '2025-12-02', end_date: '2025-12-02', duration_type: 'days' },
        }),
        outboxSummary({ id: 'k3', resource: 'contact-us' }),
      ]);
    });
    renderWithApp(<AbsenceListPage />, { path: '/leave-and-absences/list' });
    const queued = await screen.findByRole('list', { name: 'Not yet sent' });
    const items = within(queued).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Waiting to sync')).toBeInTheDocument();
    expect(within(items[0]!).getByText('01/12/2025 to 03/12/2025')).toBeInTheDocument();
    expect(await within(items[0]!).findByText('Annual leave')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Needs attention')).toBeInTheDocument();
    expect(within(items[1]!).getByText(leaveMessages.overlap('01/12/2025', '03/12/2025'))).toBeInTheDocument();
    expect(within(items[1]!).getByRole('link', { name: /outbox/ })).toHaveAttribute('href', '/outbox');
    expect(await screen.findByText('No absences match these filters.')).toBeInTheDocument();
  });

  it('shows the empty state with a way back to everything', async () => {
    signIn(MANAGER);
    const { queries } = serve([]);
    const { router } = renderWithApp(<AbsenceListPage />, { path: '/leave-and-absences/list?search=zed' });
    expect(await screen.findByText('No absences match these filters.')).toBeInTheDocument();
    expect(queries[0]?.get('search')).toBe('zed');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });
});
