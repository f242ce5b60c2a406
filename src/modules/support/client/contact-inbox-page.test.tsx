import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../client/ui/test-render';
import type { ContactRequestDetail, ContactRequestListItem } from '../support.contract';
import { ContactInboxPage } from './contact-inbox-page';

const server = mockApi();

const request = (overrides: Partial<ContactRequestListItem>): ContactRequestListItem => ({
  id: crypto.randomUUID(),
  contact_type: 'support',
  message: 'The rota page is blank on my phone.',
  company_id: 'c1',
  created_at: '2026-11-20T10:00:00.000Z',
  user_id: 'u1',
  sender_name: 'Ella Employee',
  sender_email: 'ella@example.com',
  company_name: 'Demo Ltd',
  handled_at: null,
  status: 'new',
  assigned_to: null,
  assigned_name: null,
  source: 'form',
  ...overrides,
});

/** Serves the inbox from `requests` (filtered by status as the server does) and records each list query. */
function serve(requests: ContactRequestListItem[]) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('/api/contact-us/administrators', () => HttpResponse.json({ results: [{ id: 'a1', name: 'Ada Admin' }] })),
    http.get('/api/contact-us', ({ request: asked }) => {
      const query = new URL(asked.url).searchParams;
      queries.push(query);
      const status = query.getAll('status[]');
      const results = requests.filter((item) => status.length === 0 || status.includes(item.status));
      return HttpResponse.json({ results, count: results.length, next_offset: results.length });
    }),
    http.get('/api/contact-us/:id', ({ params }) => {
      const found = requests.find((item) => item.id === params.id);
      return found ? HttpResponse.json({ ...found, entries: [] } satisfies ContactRequestDetail) : new HttpResponse(null, { status: 404 });
    }),
  );
  return queries;
}

const realMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = realMatchMedia;
});

describe('ContactInboxPage', () => {
  it('lists the new requests with their sender, company, team and status, and opens one beside the list', async () => {
    serve([
      request({ sender_name: 'Ella Employee', message: 'Can I change my bank details?', source: 'chat' }),
      request({ sender_name: '', message: 'Sent before I left', status: 'handled' }),
    ]);
    renderWithApp(<ContactInboxPage />, { path: '/admin/contact-requests' });
    const table = await screen.findByRole('table', { name: 'Contact requests' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByText('Ella Employee')).toBeTruthy();
    expect(within(rows[0]!).getByText('Demo Ltd')).toBeTruthy();
    expect(within(rows[0]!).getByText('chat')).toBeTruthy();
    expect(within(rows[0]!).getByText('New')).toBeTruthy();
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Open the request from Ella Employee, 20/11/2026, 10:00' }));
    const drawer = await screen.findByRole('dialog', { name: 'Contact request' });
    expect(await within(drawer).findByText('Can I change my bank details?')).toBeTruthy();
  });

  it('says so when no request matches, and asks for every status with All', async () => {
    const queries = serve([request({ sender_name: '', status: 'handled' })]);
    renderWithApp(<ContactInboxPage />, { path: '/admin/contact-requests' });
    expect(await screen.findByText('No contact requests match.')).toBeTruthy();
    fireEvent.click(screen.getByText('All'));
    const table = await screen.findByRole('table', { name: 'Contact requests' });
    expect(within(table).getByText('Former user')).toBeTruthy();
    await waitFor(() => expect(queries.at(-1)?.getAll('status[]')).toEqual([]));
  });

  it('shows each request as a card on a phone, its filters folded behind one button', async () => {
    window.matchMedia = ((query: string) => ({
      ...realMatchMedia(query),
      matches: query.includes('max-width'),
    })) as typeof window.matchMedia;
    serve([request({ sender_name: 'Ella Employee' })]);
    renderWithApp(<ContactInboxPage />, { path: '/admin/contact-requests' });
    const cards = await screen.findByRole('list', { name: 'Contact requests' });
    expect(within(cards).getByRole('listitem', { name: 'Ella Employee, 20/11/2026, 10:00' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('button', { name: 'Filters' }).getAttribute('aria-expanded')).toBe('false');
  });
});
