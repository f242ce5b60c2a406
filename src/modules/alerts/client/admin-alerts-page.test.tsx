import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../client/ui/test-render';
import type { AdminAlert } from '../alerts.contract';
import { AdminAlertsPage } from './admin-alerts-page';

const server = mockApi();

const alert = (overrides: Partial<AdminAlert>): AdminAlert => ({
  id: crypto.randomUUID(),
  kind: 'banner',
  short_message: 'Maintenance tonight',
  long_message: '',
  published_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-21T10:15:00.000Z',
  company_id: null,
  company_name: null,
  status: 'draft',
  ...overrides,
});

/** Serves the list from `alerts` and records every write. */
function serve(alerts: AdminAlert[]) {
  const writes: { method: string; path: string; body: unknown }[] = [];
  const record = async (request: Request) => {
    const body = request.method === 'POST' || request.method === 'PUT' ? await request.clone().text() : '';
    writes.push({ method: request.method, path: new URL(request.url).pathname, body: body ? JSON.parse(body) : undefined });
  };
  server.use(
    http.get('/api/alerts', () => HttpResponse.json({ results: alerts, count: alerts.length, next_offset: alerts.length })),
    http.get('/api/companies', () => HttpResponse.json([{ id: 'c1', name: 'Demo Ltd' }])),
    http.post('/api/alerts', async ({ request }) => {
      await record(request);
      return HttpResponse.json(alert({}), { status: 201 });
    }),
    http.post('/api/alerts/:id/publish', async ({ request }) => {
      await record(request);
      return HttpResponse.json(alert({ status: 'published' }));
    }),
    http.delete('/api/alerts/:id', async ({ request }) => {
      await record(request);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return writes;
}

describe('AdminAlertsPage', () => {
  it('lists every alert with its kind, company or "All companies", and status', async () => {
    serve([
      alert({ short_message: 'Everyone', status: 'draft' }),
      alert({ short_message: 'Demo only', kind: 'dashboard', company_id: 'c1', company_name: 'Demo Ltd', status: 'published' }),
      alert({ short_message: 'Later', status: 'scheduled', published_at: '2026-12-24T09:00:00.000Z' }),
    ]);
    renderWithApp(<AdminAlertsPage />, { path: '/admin/alerts' });
    const table = await screen.findByRole('table', { name: 'Alerts' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('All companies')).toBeTruthy();
    expect(within(rows[0]!).getByText('Draft')).toBeTruthy();
    expect(within(rows[0]!).getByText('21/11/2026 10:15')).toBeTruthy();
    expect(within(rows[1]!).getByText('Demo Ltd')).toBeTruthy();
    expect(within(rows[1]!).getByText('Dashboard')).toBeTruthy();
    expect(within(rows[1]!).getByText('Published')).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button', { name: /Publish now/ })).toBeNull();
    expect(within(rows[2]!).getByText('Scheduled')).toBeTruthy();
    expect(within(rows[2]!).getByText('24/12/2026 09:00')).toBeTruthy();
  });

  it('creates an alert from the modal as a draft for every company', async () => {
    const writes = serve([]);
    renderWithApp(<AdminAlertsPage />, { path: '/admin/alerts' });
    await screen.findByText('No alerts yet.');
    fireEvent.click(screen.getByRole('button', { name: 'New alert' }));
    const dialog = await screen.findByRole('dialog', { name: 'New alert' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Short message/ }), { target: { value: 'Office closed Friday' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Long message/ }), { target: { value: '<p>See you Monday</p>' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'POST',
      path: '/api/alerts',
      body: {
        kind: 'banner',
        short_message: 'Office closed Friday',
        long_message: '<p>See you Monday</p>',
        company_id: null,
        published_at: null,
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New alert' })).toBeNull());
  });

  it('publishes now, and deletes only after a confirmation', async () => {
    const draft = alert({ short_message: 'Draft one' });
    const writes = serve([draft]);
    renderWithApp(<AdminAlertsPage />, { path: '/admin/alerts' });
    fireEvent.click(await screen.findByRole('button', { name: 'Publish now Draft one' }));
    await waitFor(() => expect(writes).toEqual([{ method: 'POST', path: `/api/alerts/${draft.id}/publish`, body: undefined }]));

    fireEvent.click(screen.getByRole('button', { name: 'Delete Draft one' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete alert' });
    expect(writes).toHaveLength(1);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writes[1]).toEqual({ method: 'DELETE', path: `/api/alerts/${draft.id}`, body: undefined }));
  });
});
