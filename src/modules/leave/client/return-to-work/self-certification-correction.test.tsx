// A self-certification the server refused after it waited in the outbox, opened again from the
// outbox's "Correct": the form holds the answers sent, with the server's words and its field
// message, and the corrected form is sent once in place of the refused one. Closed meanwhile, the
// page shows no form but what happened and the answers sent, to copy.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { CORRECTION_TITLE } from '../../../../client/offline/correction-notice';
import { startCorrection } from '../../../../client/offline/outbox-correction';
import { controllingServiceWorker, outboxSummary, removeServiceWorker } from '../../../../client/offline/outbox-test-support';
import { mockApi, renderWithApp } from '../../../../client/ui/test-render';
import { SW_MESSAGE, type SwMessage } from '../../../../shared/sw-messages';
import { LEAVE_RESOURCES, LEAVE_ROUTES } from '../../leave.contract';
import { EMPLOYEE, returnToWorkItem, signIn } from '../absence/absence-test-data';
import { SelfCertificationPage } from '../self-certification-page';

const server = mockApi();
const TOO_LATE = 'The last day of sickness cannot be after the absence ended.';
let posted: SwMessage[];
let sent: Record<string, unknown>[];

beforeEach(() => {
  localStorage.clear();
  signIn(EMPLOYEE);
  posted = controllingServiceWorker();
  sent = [];
});

afterEach(() => removeServiceWorker());

it('opens a refused self-certification with the answers sent and the server’s message, and sends the correction in its place', async () => {
  const item = returnToWorkItem({});
  server.use(
    http.get('/api/return-to-work/:id', () => HttpResponse.json(item)),
    http.put('/api/return-to-work/:id/:step', async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(item);
    }),
  );
  startCorrection(
    outboxSummary({
      id: 'refused-rtw',
      resource: LEAVE_RESOURCES.returnToWork,
      label: 'Return to work form',
      method: 'PUT',
      url: `/api/return-to-work/${item.id}/self-certification`,
      state: 'needs_attention',
      form: LEAVE_ROUTES.selfCertification(item.id),
      body: {
        reason_category: item.sickness_category,
        description: 'A heavy cold',
        first_day_of_sickness: item.first_day,
        last_day_of_sickness: '2025-11-30',
        consulted_doctor: false,
        injury_at_work: false,
        declaration: true,
      },
      error: { status: 422, message: 'Please check provided details.', fields: { last_day_of_sickness: [TOO_LATE] } },
    }),
  );
  renderWithApp(<SelfCertificationPage id={item.id} />, { path: LEAVE_ROUTES.selfCertification(item.id) });
  const form = await screen.findByRole('form', { name: 'Self-certification' });
  expect(within(form).getByText(CORRECTION_TITLE)).toBeInTheDocument();
  expect(within(form).getByRole('textbox', { name: /What was wrong\?/ })).toHaveValue('A heavy cold');
  const last = within(form).getByLabelText(/Last day of sickness/);
  expect(last).toHaveValue('30/11/2025');
  expect(last).toHaveAccessibleDescription(TOO_LATE);
  expect(within(within(form).getByRole('radiogroup', { name: 'Did you see a doctor?' })).getByRole('radio', { name: 'No' })).toBeChecked();

  fireEvent.change(last, { target: { value: '11/11/2025' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toMatchObject({ description: 'A heavy cold', last_day_of_sickness: '2025-11-11', declaration: true });
  await waitFor(() => expect(posted).toContainEqual({ type: SW_MESSAGE.discardOutboxItem, id: 'refused-rtw' }));
}, 45_000);

it('says the return to work was closed meanwhile, in place of the form, with the answers sent to copy', async () => {
  const item = returnToWorkItem({
    status: 'closed',
    can_complete: false,
    reviewed_at: '2025-11-14T10:00:00.000Z',
    reviewed_by_name: 'Sam Patel',
  });
  server.use(http.get('/api/return-to-work/:id', () => HttpResponse.json(item)));
  startCorrection(
    outboxSummary({
      id: 'refused-rtw',
      resource: LEAVE_RESOURCES.returnToWork,
      label: 'Return to work form',
      method: 'PUT',
      url: `/api/return-to-work/${item.id}/self-certification`,
      state: 'needs_attention',
      form: LEAVE_ROUTES.selfCertification(item.id),
      body: {
        reason_category: 'cold_flu',
        description: 'A heavy cold',
        first_day_of_sickness: '2025-11-10',
        last_day_of_sickness: '2025-11-12',
        consulted_doctor: false,
        injury_at_work: false,
        declaration: true,
      },
      error: { status: 409, message: 'This return to work is closed.' },
    }),
  );
  renderWithApp(<SelfCertificationPage id={item.id} />, { path: LEAVE_ROUTES.selfCertification(item.id) });
  const notice = await screen.findByRole('status', { name: /Your return to work form could not be sent/ });
  expect(notice).toHaveTextContent('This return to work was closed after you sent your form. This return to work is closed.');
  expect(
    within(notice)
      .getAllByRole('definition')
      .map((answer) => answer.textContent),
  ).toEqual(['Cold or flu', 'A heavy cold', '10/11/2025', '12/11/2025', 'No', 'No']);
  expect(screen.queryByRole('form', { name: 'Self-certification' })).not.toBeInTheDocument();
  fireEvent.click(within(notice).getByRole('button', { name: 'Remove it from the outbox' }));
  await waitFor(() => expect(posted).toContainEqual({ type: SW_MESSAGE.discardOutboxItem, id: 'refused-rtw' }));
}, 45_000);
