// Every module's queueable write is checked against its contract before it is sent or queued:
// what the server would refuse later (an empty "Business purpose", an incident in the future)
// is refused at once with the server's field message, and nothing reaches the network (or the
// service worker's outbox). One case per queueing call of the product.
import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../client/api/api-client';
import { clickNotification } from '../../client/shell/notifications/notifications.api';
import { mockApi } from '../../client/ui/test-render';
import { addDays, londonDate } from '../../shared/dates';
import { createAlertMutationOptions } from '../../modules/alerts/client/alerts.api';
import { sendChatAttachment, sendChatMessage, startChat } from '../../modules/chat/client/chat.api';
import { signDocument } from '../../modules/documents/client/documents.api';
import { saveClaim, submitClaim, uploadReceipt } from '../../modules/expenses/client/expenses.api';
import { sendReport } from '../../modules/incidents/client/incidents.api';
import { createAbsence } from '../../modules/leave/client/requests.api';
import { selfCertificationMutationOptions } from '../../modules/leave/client/return-to-work.api';
import { reportOvertime } from '../../modules/overtime/client/overtime.api';
import { offerShiftMutationOptions } from '../../modules/rotas/client/rotas.api';
import { sendContactRequest } from '../../modules/support/client/contact-us.api';
import { completeTaskMutationOptions } from '../../modules/tasks/client/tasks.api';
import { sendClockEvent } from '../../modules/time-clock/client/time-clock.api';

const server = mockApi();
const ID = '7f9c2b1e-3d4a-4e5f-8a6b-0c1d2e3f4a5b';
const REQUIRED = 'Field is required.';
const queryClient = new QueryClient();
let sent: string[] = [];

beforeEach(() => {
  sent = [];
  // Anything that leaves the page is counted (the service worker would queue it).
  server.use(
    http.all('*', ({ request }) => {
      sent.push(`${request.method} ${new URL(request.url).pathname}`);
      return HttpResponse.json({ queued: true, idempotency_key: 'k' }, { status: 202 });
    }),
  );
});

const longText = (length: number) => 'x'.repeat(length);
const tomorrow = () => addDays(londonDate(new Date()), 1);

type Case = { module: string; write: string; call: () => Promise<unknown>; field: string; message: string | RegExp };

const cases: Case[] = [
  {
    module: 'expenses',
    write: 'a mileage claim with no business purpose',
    call: () =>
      saveClaim({
        body: {
          id: ID,
          description: 'Site visit',
          submit: true,
          items: [],
          journeys: [
            { id: ID, date: londonDate(new Date()), miles: 12, vehicle: 'car', passengers: 0, from: 'Leeds', to: 'York', purpose: '' },
          ],
        },
      }),
    field: 'journeys.0.purpose',
    message: REQUIRED,
  },
  {
    module: 'expenses',
    write: 'an edit of a claim whose item has no amount',
    call: () =>
      saveClaim({
        existingId: ID,
        body: {
          id: ID,
          description: '',
          submit: true,
          items: [{ id: ID, date: '2026-11-02', expense_type_id: ID, description: 'Lunch', gross: Number.NaN, vat: 0 }],
          journeys: [],
        },
      }),
    field: 'items.0.gross',
    message: 'Please enter an amount in pounds and pence, such as 12.50.',
  },
  {
    module: 'expenses',
    write: 'a receipt naming no item',
    call: () => uploadReceipt({ claimId: ID, itemId: '', file: new File(['x'], 'r.png', { type: 'image/png' }) }),
    field: 'item_id',
    message: 'This item is not part of the claim.',
  },
  {
    module: 'incidents',
    write: 'an incident reported as happening tomorrow',
    call: () =>
      sendReport(
        {
          occurred_at: new Date(Date.now() + 86_400_000).toISOString(),
          location: 'Loading bay',
          person_kind: 'other',
          person_name: 'A visitor',
          what_happened: 'Slipped',
        },
        null,
      ),
    field: 'occurred_at',
    message: 'The incident cannot be in the future.',
  },
  {
    module: 'incidents',
    write: 'an incident with a photo and no location',
    call: () =>
      sendReport(
        { occurred_at: new Date().toISOString(), location: ' ', person_kind: 'other', person_name: 'A visitor', what_happened: 'Slipped' },
        new File(['x'], 'photo.jpg', { type: 'image/jpeg' }),
      ),
    field: 'location',
    message: REQUIRED,
  },
  {
    module: 'leave',
    write: 'a leave request ending before it starts',
    call: () => createAbsence({ body: { leave_type_id: ID, start_date: '2026-12-10', end_date: '2026-12-08' }, sickness: false }),
    field: 'end_date',
    message: 'The end date cannot be before the start date.',
  },
  {
    module: 'leave',
    write: 'a self-certification without its declaration',
    call: () =>
      selfCertificationMutationOptions(queryClient).mutationFn({
        id: ID,
        input: {
          reason_category: 'cold_flu' as never,
          description: 'Flu',
          first_day_of_sickness: '2026-11-02',
          last_day_of_sickness: '2026-11-03',
          consulted_doctor: false,
          injury_at_work: false,
          declaration: false as never,
        },
      }),
    field: 'declaration',
    message: /declar/i,
  },
  {
    module: 'overtime',
    write: 'overtime dated tomorrow',
    call: () =>
      reportOvertime({
        user_id: null,
        date: tomorrow(),
        start_time: null,
        end_time: null,
        hours: 2,
        reason: 'Stocktake',
        compensation: 'paid',
        overtime_rate_id: null,
      }),
    field: 'date',
    message: 'Overtime is reported once worked: the date cannot be in the future.',
  },
  {
    module: 'overtime',
    write: 'overtime with no reason',
    call: () =>
      reportOvertime({
        user_id: null,
        date: londonDate(new Date()),
        start_time: null,
        end_time: null,
        hours: 2,
        reason: '',
        compensation: 'paid',
        overtime_rate_id: null,
      }),
    field: 'reason',
    message: REQUIRED,
  },
  {
    module: 'support',
    write: 'an empty message to support',
    call: () => sendContactRequest({ contact_type: 'support', message: '  ', company_id: ID }),
    field: 'message',
    message: REQUIRED,
  },
  {
    module: 'chat',
    write: 'an empty chat message',
    call: () => sendChatMessage('person', ID, ''),
    field: 'body',
    message: REQUIRED,
  },
  {
    module: 'chat',
    write: 'a first chat message with nothing in it',
    call: () => startChat({ message: '' }),
    field: 'message',
    message: REQUIRED,
  },
  {
    module: 'chat',
    write: 'a file whose caption is too long',
    call: () => sendChatAttachment('person', ID, new File(['x'], 'a.pdf'), longText(5000)),
    field: 'body',
    message: 'Max length exceeded.',
  },
  {
    module: 'documents',
    write: 'a signature without consent',
    call: () =>
      signDocument({
        id: ID,
        title: 'Handbook',
        key: ID,
        body: { consent: false, kind: 'typed', typed_name: 'Ella', seen_sha256: 'a'.repeat(64) },
      }),
    field: 'consent',
    message: 'Please agree to sign electronically.',
  },
  {
    module: 'rotas',
    write: 'a swap offer with an over-long note',
    call: () => offerShiftMutationOptions(queryClient).mutationFn({ id: ID, note: longText(501) }),
    field: 'note',
    message: 'Max length exceeded.',
  },
  {
    module: 'tasks',
    write: 'a completion note over its limit',
    call: () =>
      completeTaskMutationOptions(queryClient, 'hs').mutationFn({ id: ID, note: longText(2001), file: null, title: 'Fire drill' }),
    field: 'note',
    message: 'Max length exceeded.',
  },
  {
    module: 'time-clock',
    write: 'a clock event with an unreadable device time',
    call: () => sendClockEvent({ key: ID, kind: 'clock_in', device_time: 'yesterday' }),
    field: 'device_time',
    message: /./,
  },
  {
    module: 'alerts',
    write: 'an alert with no short message',
    call: () =>
      createAlertMutationOptions(queryClient).mutationFn({
        kind: 'banner',
        short_message: '',
        long_message: '',
        company_id: null,
        published_at: null,
      }),
    field: 'short_message',
    message: REQUIRED,
  },
  {
    module: 'notifications (platform)',
    write: 'opening a notification with no id',
    call: () => clickNotification(''),
    field: 'id',
    message: REQUIRED,
  },
];

describe('a queueable write the contract refuses', () => {
  it.each(cases)('$module: $write is refused with the field message and never sent', async ({ call, field, message }) => {
    const failure = await call().then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    const refused = failure as ApiError;
    expect(refused.status).toBe(422);
    const messages = refused.fieldErrors?.[field] ?? [];
    expect(
      messages.some((text) => (typeof message === 'string' ? text === message : message.test(text))),
      JSON.stringify(refused.fieldErrors),
    ).toBe(true);
    expect(sent).toEqual([]);
  });
});

describe('a queueable write the contract takes', () => {
  it('goes out as before (and may be queued)', async () => {
    await expect(
      sendContactRequest({ contact_type: 'support', message: 'Rota app shows the wrong Saturday', company_id: ID }),
    ).resolves.toEqual({
      queued: true,
      idempotency_key: 'k',
    });
    await expect(submitClaim(ID)).resolves.toMatchObject({ queued: true });
    expect(sent).toEqual(['POST /api/contact-us', `POST /api/user-expense/${ID}/submit`]);
  });
});
