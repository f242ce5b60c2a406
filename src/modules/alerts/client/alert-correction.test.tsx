// An alert the server refused after it waited in the outbox, opened again from the outbox's
// "Correct": the alerts page opens its dialog with what was sent and the server's words; sending
// the correction discards the refused write. A change to an alert deleted meanwhile is made as a
// new alert.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CORRECTION_TITLE } from '../../../client/offline/correction-notice';
import { startCorrection } from '../../../client/offline/outbox-correction';
import { controllingServiceWorker, outboxSummary, removeServiceWorker } from '../../../client/offline/outbox-test-support';
import { mockApi, renderWithApp } from '../../../client/ui/test-render';
import { SW_MESSAGE, type OutboxItemSummary, type SwMessage } from '../../../shared/sw-messages';
import type { AdminAlert } from '../alerts.contract';
import { AdminAlertsPage } from './admin-alerts-page';
import { ALERTS_FORM, ALERTS_RESOURCE } from './alerts.api';
import { forgetQueuedCompanies } from './queued-companies';

const server = mockApi();
const ALERT_ID = '2c9d8e7f-6a5b-4c3d-9e2f-1a0b9c8d7e6f';
const COMPANY_ID = '4d3c2b1a-0f9e-4d8c-b7a6-5f4e3d2c1b0a';
const existing: AdminAlert = {
  id: ALERT_ID,
  kind: 'banner',
  short_message: 'Maintenance tonight',
  long_message: '',
  published_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-21T10:15:00.000Z',
  company_id: COMPANY_ID,
  company_name: 'Demo Ltd',
  status: 'draft',
};
let posted: SwMessage[];
let writes: { method: string; path: string; body: unknown }[];

beforeEach(() => {
  posted = controllingServiceWorker();
  writes = [];
  const record = async (request: Request) => {
    const body = (await request.json()) as Record<string, unknown>;
    writes.push({ method: request.method, path: new URL(request.url).pathname, body });
    return HttpResponse.json({ ...existing, ...body }, { status: request.method === 'POST' ? 201 : 200 });
  };
  server.use(
    http.get('/api/alerts', () => HttpResponse.json({ results: [existing], count: 1, next_offset: 1 })),
    http.get('/api/companies', () => HttpResponse.json({ results: [], count: 0 })),
    http.post('/api/alerts', ({ request }) => record(request)),
    http.put('/api/alerts/:id', ({ request }) => record(request)),
  );
});

afterEach(() => {
  removeServiceWorker();
  forgetQueuedCompanies();
});

const queued = { kind: 'dashboard', short_message: 'Fire drill', long_message: '<p onclick="x">Meet outside</p>', published_at: null };

function refused(patch: Partial<OutboxItemSummary>): OutboxItemSummary {
  return outboxSummary({
    id: 'refused-alert',
    resource: ALERTS_RESOURCE,
    label: 'New alert: Fire drill',
    url: '/api/alerts',
    state: 'needs_attention',
    form: ALERTS_FORM,
    body: { ...queued, company_id: null },
    error: { status: 422, message: 'Please check provided details.', fields: { long_message: ['This HTML is not allowed.'] } },
    ...patch,
  });
}

const longMessage = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: /^Long message/ });
const company = (dialog: HTMLElement) => within(dialog).getByRole('combobox', { name: /^Company/ });
const OTHER_COMPANY_ID = '7e6d5c4b-3a2f-4e1d-8c9b-0a1f2e3d4c5b';

describe('correcting a refused alert from the outbox', () => {
  it('opens a refused new alert in its dialog with what was sent and the server’s words, and creates the correction in its place', async () => {
    act(() => startCorrection(refused({})));
    renderWithApp(<AdminAlertsPage />, { path: '/admin/alerts' });
    const dialog = await screen.findByRole('dialog', { name: 'New alert' });
    expect(within(dialog).getByText(CORRECTION_TITLE)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Short message/ })).toHaveValue('Fire drill');
    expect(within(dialog).getByRole('radio', { name: 'Dashboard' })).toBeChecked();
    expect(longMessage(dialog)).toHaveValue('<p onclick="x">Meet outside</p>');
    expect(longMessage(dialog)).toHaveAccessibleDescription(/This HTML is not allowed\./);

    fireEvent.change(longMessage(dialog), { target: { value: '<p>Meet outside</p>' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'POST',
      path: '/api/alerts',
      body: { ...queued, long_message: '<p>Meet outside</p>', company_id: null },
    });
    await waitFor(() => expect(posted).toContainEqual({ type: SW_MESSAGE.discardOutboxItem, id: 'refused-alert' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New alert' })).not.toBeInTheDocument());
  });

  it('opens a refused change as an edit of its alert, its company named, and saves the correction to that alert', async () => {
    act(() =>
      startCorrection(
        refused({
          method: 'PUT',
          url: `/api/alerts/${ALERT_ID}`,
          label: 'Alert changed: Fire drill',
          body: { ...queued, company_id: COMPANY_ID },
        }),
      ),
    );
    renderWithApp(<AdminAlertsPage />, { path: '/admin/alerts' });
    const dialog = await screen.findByRole('dialog', { name: 'Edit alert' });
    expect(company(dialog)).toHaveValue('Demo Ltd');
    fireEvent.change(longMessage(dialog), { target: { value: 'Meet outside' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      method: 'PUT',
      path: `/api/alerts/${ALERT_ID}`,
      body: { company_id: COMPANY_ID, long_message: 'Meet outside' },
    });
    await waitFor(() => expect(posted).toContainEqual({ type: SW_MESSAGE.discardOutboxItem, id: 'refused-alert' }));
  });

  it('names the company a refused new alert was aimed at as the picker named it when the alert was queued on this device', async () => {
    server.use(
      http.get('/api/companies', () =>
        HttpResponse.json({ results: [{ id: OTHER_COMPANY_ID, name: 'Northwind Care', number: null }], count: 1 }),
      ),
      http.post('/api/alerts', () => HttpResponse.json({ queued: true, idempotency_key: 'refused-alert' }, { status: 202 })),
    );
    // Made with no signal: the outbox keeps it.
    const made = renderWithApp(<AdminAlertsPage />, { path: '/admin/alerts' });
    fireEvent.click(await screen.findByRole('button', { name: 'New alert' }));
    const form = await screen.findByRole('dialog', { name: 'New alert' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Short message/ }), { target: { value: 'Fire drill' } });
    fireEvent.click(company(form));
    fireEvent.click(await screen.findByRole('option', { name: 'Northwind Care' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New alert' })).not.toBeInTheDocument());
    made.unmount();

    // Refused when it was sent, and opened from the outbox to correct: no list on the device names that company.
    act(() => startCorrection(refused({ body: { ...queued, company_id: OTHER_COMPANY_ID } })));
    renderWithApp(<AdminAlertsPage />, { path: '/admin/alerts' });
    const dialog = await screen.findByRole('dialog', { name: 'New alert' });
    expect(company(dialog)).toHaveValue('Northwind Care');
  });

  it('makes a change refused because its alert was deleted meanwhile as a new alert', async () => {
    act(() =>
      startCorrection(
        refused({
          method: 'PUT',
          url: `/api/alerts/${ALERT_ID}`,
          body: { ...queued, long_message: '' },
          error: { status: 404, message: 'This alert was not found.' },
        }),
      ),
    );
    renderWithApp(<AdminAlertsPage />, { path: '/admin/alerts' });
    const dialog = await screen.findByRole('dialog', { name: 'New alert' });
    expect(within(dialog).getByText(/This alert was not found\./)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({ method: 'POST', path: '/api/alerts', body: { short_message: 'Fire drill' } });
  });
});
