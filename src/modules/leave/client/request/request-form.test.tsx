import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QUEUED_TOAST_MESSAGE } from '../../../../client/offline/outbox-copy';
import { mockApi, renderWithApp } from '../../../../client/ui/test-render';
import type { SuggestedAbsence } from '../../absences.contract';
import { RequestPage } from '../request-page';
import { OFFLINE_SUGGESTION } from './suggestion-panel';
import { ANNUAL, LEAVE_TYPES, ME, pick, signInAs, suggestion } from './test-support';

const server = mockApi();
const ABSENCE_ID = '0b6f1c0e-0000-4000-8000-0000000000b1';

type Asked = Record<string, string>;

function serve({ answer = suggestion(), post }: { answer?: SuggestedAbsence; post?: () => Response } = {}) {
  const asked: Asked[] = [];
  const sent: unknown[] = [];
  server.use(
    http.get('/api/leave-type', () => HttpResponse.json({ results: LEAVE_TYPES, count: 2, next_offset: 2 })),
    http.get('/api/user-suggested-absence/:id', ({ request, params }) => {
      asked.push({ user: String(params.id), ...Object.fromEntries(new URL(request.url).searchParams) });
      return HttpResponse.json(answer);
    }),
    http.post('/api/user-absence', async ({ request }) => {
      sent.push(await request.json());
      return post ? post() : HttpResponse.json({ id: ABSENCE_ID }, { status: 201 });
    }),
  );
  return { asked, sent };
}

const date = (name: RegExp) => screen.getByRole('textbox', { name });
async function fillAnnualLeave(start = '22/05/2026', end = '27/05/2026') {
  const app = renderWithApp(<RequestPage />, { path: '/leave-and-absences/request' });
  await waitFor(() => expect(screen.getByRole('combobox', { name: /Leave type/ })).toBeEnabled());
  await pick(/Leave type/, 'Annual leave');
  fireEvent.change(date(/Start date/), { target: { value: start } });
  if (end) fireEvent.change(date(/End date/), { target: { value: end } });
  return app;
}

beforeEach(() => signInAs());
afterEach(() => Object.defineProperty(navigator, 'onLine', { value: true, configurable: true }));

describe('the request form', () => {
  it('shows the live deduction, each day and the balance before and after', async () => {
    const { asked } = serve({
      answer: suggestion({
        clashes: [
          {
            absence_id: 'a',
            user_id: 'u',
            name: 'Bob Jones',
            start_date: '2026-05-26',
            end_date: '2026-05-26',
            leave_type_name: 'Annual leave',
          },
        ],
      }),
    });
    await fillAnnualLeave();
    expect(await screen.findByText('This request uses 3 days')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(summary).toHaveTextContent('Available now: 12 days · After this request: 9 days');
    expect(within(summary).getByText(/Mon 25\/05\/2026: Bank holiday: Spring bank holiday/)).toBeInTheDocument();
    expect(within(summary).getAllByText(/Not a working day/)).toHaveLength(2);
    expect(within(summary).getByText(/Bob Jones: 26\/05\/2026 \(Annual leave\)/)).toBeInTheDocument();
    expect(asked.at(-1)).toEqual({
      user: ME,
      leave_type_id: ANNUAL,
      start_date: '2026-05-22',
      end_date: '2026-05-27',
      duration_type: 'days',
    });
  });

  it('shows what the server would refuse before sending', async () => {
    const problem = 'Not enough allowance left: 2 days remaining.';
    serve({ answer: suggestion({ problem, available_before: 2, remaining_after: -1 }) });
    await fillAnnualLeave();
    expect(await screen.findByRole('alert')).toHaveTextContent(problem);
  });

  it('asks morning or afternoon for a half day, on one day only', async () => {
    const { asked, sent } = serve({ answer: suggestion({ deduction: 0.5, days: [] }) });
    await fillAnnualLeave('22/05/2026', '');
    fireEvent.click(screen.getByRole('radio', { name: 'Half day' }));
    expect(screen.queryByRole('textbox', { name: /End date/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Choose morning or afternoon.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'Afternoon' }));
    expect(await screen.findByText('This request uses 0.5 days')).toBeInTheDocument();
    expect(asked.at(-1)).toMatchObject({ duration_type: 'half_day', half_day_part: 'afternoon', end_date: '2026-05-22' });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Request sent.')).toBeInTheDocument();
    expect(sent).toEqual([
      expect.objectContaining({
        user_id: null,
        start_date: '2026-05-22',
        end_date: '2026-05-22',
        duration_type: 'half_day',
        half_day_part: 'afternoon',
        hours: null,
      }),
    ]);
  });

  it('opens the new absence once the server has it', async () => {
    serve();
    const { router } = await fillAnnualLeave();
    // The summary is asked 300 ms after the last change; let it answer before leaving the form.
    await screen.findByText('This request uses 3 days');
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Request sent.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/absence/${ABSENCE_ID}`));
  });

  it('puts the server’s 422 on the field it names', async () => {
    const overlap = 'This overlaps another absence of the same person (20/05/2026 to 23/05/2026).';
    serve({ post: () => HttpResponse.json({ message: 'Validation failed.', errors: { start_date: [overlap] } }, { status: 422 }) });
    await fillAnnualLeave();
    await screen.findByText('This request uses 3 days');
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(date(/Start date/)).toHaveAccessibleDescription(overlap));
    expect(screen.getByText('Please check provided details.')).toBeInTheDocument();
  });

  it('saves a request made offline to send later and says so', async () => {
    const { sent } = serve({ post: () => HttpResponse.json({ queued: true, idempotency_key: 'k' }, { status: 202 }) });
    const { router } = await fillAnnualLeave();
    // The summary is asked 300 ms after the last change; let it answer before leaving the form.
    await screen.findByText('This request uses 3 days');
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(QUEUED_TOAST_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/leave-and-absences/list'));
    expect(sent).toHaveLength(1);
  });

  it('says the deduction waits for the network while offline', async () => {
    const { asked } = serve();
    renderWithApp(<RequestPage />, { path: '/leave-and-absences/request' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Leave type/ })).toBeEnabled());
    // The signal goes once the form is open (its lists are in the cache).
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    act(() => void window.dispatchEvent(new Event('offline')));
    await pick(/Leave type/, 'Annual leave');
    fireEvent.change(date(/Start date/), { target: { value: '22/05/2026' } });
    fireEvent.change(date(/End date/), { target: { value: '27/05/2026' } });
    expect(screen.getByText(OFFLINE_SUGGESTION)).toBeInTheDocument();
    expect(asked).toHaveLength(0);
  });

  it('turns into a sickness report with a private medical detail and an open end', async () => {
    const { sent } = serve({ answer: suggestion({ deducted: false, available_before: null, remaining_after: null }) });
    renderWithApp(<RequestPage />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Leave type/ })).toBeEnabled());
    await pick(/Leave type/, 'Sickness');
    expect(screen.getByRole('textbox', { name: 'Medical detail' })).toHaveAccessibleDescription(/Private: seen only by you and HR/);
    fireEvent.change(date(/First day off sick/), { target: { value: '22/05/2026' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /I don't know yet/ }));
    expect(screen.queryByRole('textbox', { name: /Expected last day/ })).not.toBeInTheDocument();
    await pick(/Reason/, 'Cold or flu');
    fireEvent.change(screen.getByRole('textbox', { name: 'Medical detail' }), { target: { value: 'Fever' } });
    fireEvent.click(screen.getByRole('button', { name: 'Report sickness' }));
    expect(await screen.findByText('Sickness reported.')).toBeInTheDocument();
    expect(sent).toEqual([expect.objectContaining({ end_date: null, sickness_category: 'cold_flu', medical_detail: 'Fever' })]);
  });
});
