// A leave request the server refused after it waited in the outbox (the dates overlap another
// request), opened again from the outbox's "Correct": the form holds what was queued — the
// type, the dates, the notes — with the server's words and its field message, and the corrected
// request is sent once in place of the refused one.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { CORRECTION_TITLE } from '../../../../client/offline/correction-notice';
import { startCorrection } from '../../../../client/offline/outbox-correction';
import { controllingServiceWorker, outboxSummary, removeServiceWorker } from '../../../../client/offline/outbox-test-support';
import { mockApi, renderWithApp } from '../../../../client/ui/test-render';
import { SW_MESSAGE, type SwMessage } from '../../../../shared/sw-messages';
import { LEAVE_RESOURCES, LEAVE_ROUTES } from '../../leave.contract';
import { RequestPage } from '../request-page';
import { ANNUAL, LEAVE_TYPES, signInAs, suggestion } from './test-support';

const server = mockApi();
const OVERLAP = 'These dates overlap your request from 24 December.';
let posted: SwMessage[];
let sent: Record<string, unknown>[];
let suggested: string[];

beforeEach(() => {
  signInAs();
  posted = controllingServiceWorker();
  sent = [];
  suggested = [];
  server.use(
    http.get('/api/leave-type', () => HttpResponse.json({ results: LEAVE_TYPES, count: 2, next_offset: 2 })),
    http.get('/api/user-suggested-absence/:id', ({ request }) => {
      suggested.push(request.url);
      return HttpResponse.json(suggestion());
    }),
    http.post('/api/user-absence', async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ id: '0b6f1c0e-0000-4000-8000-0000000000b1' }, { status: 201 });
    }),
  );
});

afterEach(() => removeServiceWorker());

it('opens a refused request with what was queued and the server’s words, and sends the correction in its place', async () => {
  startCorrection(
    outboxSummary({
      id: 'refused-leave',
      resource: LEAVE_RESOURCES.absence,
      label: 'Leave request',
      url: '/api/user-absence',
      state: 'needs_attention',
      form: LEAVE_ROUTES.request,
      body: {
        user_id: null,
        leave_type_id: ANNUAL,
        start_date: '2026-12-22',
        end_date: '2026-12-29',
        duration_type: 'days',
        half_day_part: null,
        hours: null,
        notes: 'Family in Inverness',
        blocked_override_reason: '',
        sickness_category: null,
        medical_detail: null,
      },
      error: { status: 409, message: OVERLAP, fields: { end_date: ['Please end before 24 December.'] } },
    }),
  );
  renderWithApp(<RequestPage />, { path: LEAVE_ROUTES.request });
  expect(await screen.findByText(CORRECTION_TITLE)).toBeInTheDocument();
  expect(screen.getByText(new RegExp(OVERLAP))).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('combobox', { name: /Leave type/ })).toHaveValue('Annual leave'));
  expect(screen.getByRole('textbox', { name: /Start date/ })).toHaveValue('22/12/2026');
  const end = screen.getByRole('textbox', { name: /End date/ });
  expect(end).toHaveValue('29/12/2026');
  expect(end).toHaveAccessibleDescription('Please end before 24 December.');
  expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('Family in Inverness');

  fireEvent.change(end, { target: { value: '23/12/2026' } });
  // The form works out the corrected dates' amount with the server before it is sent.
  await waitFor(() => expect(suggested.some((url) => url.includes('end_date=2026-12-23'))).toBe(true));
  fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toMatchObject({ leave_type_id: ANNUAL, start_date: '2026-12-22', end_date: '2026-12-23', notes: 'Family in Inverness' });
  await waitFor(() => expect(posted).toContainEqual({ type: SW_MESSAGE.discardOutboxItem, id: 'refused-leave' }));
});
