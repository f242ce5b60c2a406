// An incident report the server refused after it waited in the outbox (sent with its photo),
// opened again from the outbox's "Correct": the form holds what was written, the server's message
// on its field and the photo kept from before, and the corrected report goes with that photo in
// place of the refused one.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { setToken } from '../../../client/auth/token-store';
import { CORRECTION_TITLE } from '../../../client/offline/correction-notice';
import { startCorrection } from '../../../client/offline/outbox-correction';
import { controllingServiceWorker, outboxSummary, removeServiceWorker } from '../../../client/offline/outbox-test-support';
import { mockApi, renderWithApp } from '../../../client/ui/test-render';
import { SW_MESSAGE, type SwMessage } from '../../../shared/sw-messages';
import { INCIDENT_RESOURCE, INCIDENT_ROUTES, incidentPaths } from '../incidents.contract';
import { ReportIncidentPage } from './report-incident-page';

const server = mockApi();
const ME = '0b6f1c0e-0000-4000-8000-000000000001';
const REQUIRED = 'Field is required.';
let posted: SwMessage[];
let sent: { record: Record<string, unknown>; photo: boolean }[];

beforeEach(() => {
  localStorage.clear();
  setToken(`x.${btoa(JSON.stringify({ user_id: ME, first_name: 'Ella' })).replace(/=+$/, '')}.y`);
  posted = controllingServiceWorker();
  sent = [];
  server.use(
    http.post(`*${incidentPaths.resource()}`, async ({ request }) => {
      const form = await request.formData();
      const file = form.get('file');
      sent.push({
        record: JSON.parse(String(form.get('data'))) as Record<string, unknown>,
        photo: file !== null && typeof file !== 'string',
      });
      return HttpResponse.json({ id: 'i1' }, { status: 201 });
    }),
  );
});

afterEach(() => removeServiceWorker());

it('opens a refused report with what was written, the server’s message and its photo, and sends the correction in its place', async () => {
  const record = {
    occurred_at: '2026-11-20T09:30:00.000Z',
    location: ' ',
    person_kind: 'employee',
    person_user_id: ME,
    person_is_worker: true,
    what_happened: 'Slipped on a wet floor by the loading bay',
    taken_to_hospital: false,
    incapacity_last_day: null,
  };
  startCorrection(
    outboxSummary({
      id: 'refused-incident',
      resource: INCIDENT_RESOURCE,
      label: 'Incident report',
      url: incidentPaths.resource(),
      state: 'needs_attention',
      form: INCIDENT_ROUTES.report,
      parts: {
        fields: { data: JSON.stringify(record) },
        files: [{ name: 'file', file: new File(['jpeg'], 'bay.jpg', { type: 'image/jpeg' }) }],
      },
      error: { status: 422, message: 'Please check provided details.', fields: { location: [REQUIRED] } },
    }),
  );
  renderWithApp(<ReportIncidentPage />, { path: INCIDENT_ROUTES.report });
  expect(await screen.findByText(CORRECTION_TITLE)).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: /What happened/ })).toHaveValue('Slipped on a wet floor by the loading bay');
  expect(screen.getByRole('textbox', { name: /^Time/ })).toHaveValue('09:30');
  const where = screen.getByRole('textbox', { name: /^Where/ });
  expect(where).toHaveAccessibleDescription(REQUIRED);
  expect(screen.getByText(/Kept from before: bay\.jpg/)).toBeInTheDocument();

  fireEvent.change(where, { target: { value: 'Loading bay 2' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toMatchObject({
    record: { location: 'Loading bay 2', what_happened: 'Slipped on a wet floor by the loading bay', person_user_id: ME },
    photo: true,
  });
  await waitFor(() => expect(posted).toContainEqual({ type: SW_MESSAGE.discardOutboxItem, id: 'refused-incident' }));
}, 45_000);
