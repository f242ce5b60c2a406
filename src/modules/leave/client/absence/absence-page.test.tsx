import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../../client/ui/test-render';
import { addDays, londonDate } from '../../../../shared/dates';
import type { AbsenceDetail } from '../../absences.contract';
import { AbsencePage } from '../absence-page';
import { absenceDetail, EMPLOYEE, MANAGER, SICKNESS, signIn } from './absence-test-data';

const server = mockApi();

function serve(detail: AbsenceDetail | (() => Response)) {
  const writes: { url: string; body: unknown }[] = [];
  server.use(
    http.get('/api/user-absence/:id', () => (typeof detail === 'function' ? detail() : HttpResponse.json(detail))),
    http.post('/api/user-absence/:id/:action', async ({ request, params }) => {
      writes.push({ url: new URL(request.url).pathname, body: await request.json() });
      const status = params.action === 'cancel' ? 'cancellation_requested' : 'approved';
      return HttpResponse.json({ ...(typeof detail === 'function' ? {} : detail), status });
    }),
  );
  return { writes };
}

const open = (detail: AbsenceDetail) => renderWithApp(<AbsencePage id={detail.id} />, { path: `/absence/${detail.id}` });

beforeEach(() => localStorage.clear());

describe('an absence (/absence/{id})', () => {
  it('shows who, what, when, the deduction, status, notes and history — and no medical detail when the server sent none', async () => {
    signIn(MANAGER);
    const detail = absenceDetail({
      notes: 'Family wedding',
      events: [
        { id: 'e1', action: 'requested', note: null, actor_name: 'Ella Evans', created_at: '2025-11-01T09:00:00.000Z' },
        { id: 'e2', action: 'comment', note: 'Enjoy it!', actor_name: 'Mo Manager', created_at: '2025-11-02T09:00:00.000Z' },
      ],
    });
    serve(detail);
    open(detail);
    expect(await screen.findByRole('heading', { level: 1, name: 'Annual leave: Ella Evans' })).toBeInTheDocument();
    expect(screen.getByText('24/11/2025 to 26/11/2025')).toBeInTheDocument();
    expect(screen.getByText('3 days deducted')).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.getByText('Family wedding')).toBeInTheDocument();
    expect(screen.getByText('Enjoy it!')).toBeInTheDocument();
    expect(screen.queryByText('Private medical detail')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to the list/ })).toHaveAttribute('href', '/leave-and-absences/list');
    // Not the caller's to decide or cancel.
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel absence|Request cancellation/ })).not.toBeInTheDocument();
  });

  it('shows the medical detail under "Private medical detail" when the server sent it', async () => {
    signIn(EMPLOYEE);
    const detail = absenceDetail({
      leave_type: SICKNESS,
      sickness_category: 'musculoskeletal',
      medical_detail: 'Slipped disc',
      deduction: 0,
    });
    serve(detail);
    open(detail);
    expect(await screen.findByText('Private medical detail')).toBeInTheDocument();
    expect(screen.getByText('Slipped disc')).toBeInTheDocument();
    expect(screen.getByText('Back, neck or joint problem')).toBeInTheDocument();
    expect(screen.getByText('Not deducted from an allowance')).toBeInTheDocument();
  });

  it('offers Approve and Decline to an approver, and approves', async () => {
    signIn(MANAGER);
    const detail = absenceDetail({ can_approve: true });
    const { writes } = serve(detail);
    open(detail);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(writes).toEqual([{ url: `/api/user-absence/${detail.id}/approve`, body: { note: null } }]));
    expect(await screen.findByText('Absence approved.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
  });

  it('asks before cancelling, and calls it a cancellation request once the absence has started', async () => {
    signIn(EMPLOYEE);
    const today = londonDate(new Date());
    const detail = absenceDetail({ status: 'approved', start_date: addDays(today, -1), end_date: addDays(today, 1), can_cancel: true });
    const { writes } = serve(detail);
    open(detail);
    fireEvent.click(await screen.findByRole('button', { name: 'Request cancellation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request cancellation' });
    expect(writes).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request cancellation' }));
    await waitFor(() => expect(writes).toEqual([{ url: `/api/user-absence/${detail.id}/cancel`, body: { reason: null } }]));
    expect(await screen.findByText('Cancellation requested.')).toBeInTheDocument();
  });

  it('cancels a future absence plainly', async () => {
    signIn(EMPLOYEE);
    const start = addDays(londonDate(new Date()), 10);
    const detail = absenceDetail({ status: 'approved', start_date: start, end_date: start, can_cancel: true });
    serve(detail);
    open(detail);
    expect(await screen.findByRole('button', { name: 'Cancel absence' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request cancellation' })).not.toBeInTheDocument();
  });

  it('marks an open-ended sickness absence as returned to work', async () => {
    signIn(EMPLOYEE);
    const detail = absenceDetail({ leave_type: SICKNESS, status: 'approved', start_date: '2025-11-10', end_date: null, deduction: 0 });
    const { writes } = serve(detail);
    open(detail);
    expect(await screen.findByText('From 10/11/2025 (open-ended)')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Mark returned to work' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark returned to work' });
    fireEvent.change(within(dialog).getByLabelText(/Back at work on/), { target: { value: '2025-11-13' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toEqual([{ url: `/api/user-absence/${detail.id}/return`, body: { returned_on: '2025-11-13' } }]));
  });

  it('links to its return to work', async () => {
    signIn(EMPLOYEE);
    const detail = absenceDetail({ leave_type: SICKNESS, status: 'approved', returned_on: '2025-11-13', return_to_work_id: 'rtw-1' });
    serve(detail);
    open(detail);
    expect(await screen.findByRole('link', { name: 'Open return to work' })).toHaveAttribute(
      'href',
      '/return-to-work/rtw-1/self-certification',
    );
    expect(screen.queryByRole('button', { name: 'Mark returned to work' })).not.toBeInTheDocument();
  });

  it('posts a comment', async () => {
    signIn(EMPLOYEE);
    const detail = absenceDetail({});
    const { writes } = serve(detail);
    open(detail);
    fireEvent.change(await screen.findByRole('textbox', { name: /Add a comment/ }), { target: { value: 'Back on Thursday' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    await waitFor(() => expect(writes).toEqual([{ url: `/api/user-absence/${detail.id}/comment`, body: { body: 'Back on Thursday' } }]));
  });

  it('says when the absence does not exist, and when it is not the caller’s to see', async () => {
    signIn(EMPLOYEE);
    serve(() => HttpResponse.json({ code: 'notFound', message: 'Not found.' }, { status: 404 }));
    const first = renderWithApp(<AbsencePage id="missing" />, { path: '/absence/missing' });
    expect(await screen.findByText('This absence was not found.')).toBeInTheDocument();
    first.unmount();
    serve(() => HttpResponse.json({ code: 'forbidden', message: 'Forbidden.' }, { status: 403 }));
    renderWithApp(<AbsencePage id="other" />, { path: '/absence/other' });
    expect(await screen.findByText('You are not allowed to view this content.')).toBeInTheDocument();
  });
});
