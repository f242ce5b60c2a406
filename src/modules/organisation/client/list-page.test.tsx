import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp } from '../../../client/ui/test-render';
import type { Location } from '../organisation.contract';
import { locationList } from './list-definitions';
import { OrganisationListPage } from './list-page';

const server = mockApi();
const IN_USE = 'This location is used by 3 employees. Move them first.';

function allow(methods: string[]) {
  const entries = methods.map((method) => ({ endpoint: '/api/company-location', method, type: 'company' }));
  localStorage.setItem('permissions', JSON.stringify(entries));
}
beforeEach(() => localStorage.clear());

const location = (id: string, name: string, extra: Partial<Location> = {}): Location => ({
  id,
  name,
  address_line1: null,
  address_line2: null,
  town: null,
  postcode: null,
  bank_holiday_region: 'england-and-wales',
  created_at: '2025-01-01T09:00:00Z',
  ...extra,
});

/** A stand-in for the locations API: the list, validate, create, update and a delete refused while in use. */
function serve() {
  let rows = [location('l1', 'Leeds', { town: 'Leeds', postcode: 'LS1 4AP' })];
  const writes: unknown[] = [];
  server.use(
    http.get('/api/company-location', () => HttpResponse.json({ results: rows, count: rows.length, next_offset: rows.length })),
    http.post('/api/company-location/validate', async ({ request }) => {
      const body = (await request.json()) as { name: string };
      const taken = rows.some((row) => row.name === body.name);
      return HttpResponse.json({ errors: taken ? { name: ['This name is already used.'] } : {} });
    }),
    http.post('/api/company-location', async ({ request }) => {
      const body = (await request.json()) as Omit<Location, 'id' | 'created_at'>;
      writes.push({ create: body });
      rows = [...rows, location('l2', body.name, body)];
      return HttpResponse.json(rows.at(-1), { status: 201 });
    }),
    http.put('/api/company-location/:id', async ({ request, params }) => {
      const body = (await request.json()) as Omit<Location, 'id' | 'created_at'>;
      writes.push({ update: params.id, body });
      rows = rows.map((row) => (row.id === params.id ? { ...row, ...body } : row));
      return HttpResponse.json(rows.find((row) => row.id === params.id));
    }),
    http.delete('/api/company-location/:id', ({ params }) => {
      writes.push({ delete: params.id });
      return HttpResponse.json({ code: 'conflict', message: IN_USE }, { status: 409 });
    }),
  );
  return writes;
}

describe('an organisation list page (locations)', () => {
  it('creates an item after the server’s check, refusing a duplicate name first', async () => {
    allow(['GET', 'POST', 'PUT', 'DELETE']);
    const writes = serve();
    renderWithApp(<OrganisationListPage definition={locationList} />);
    expect(await screen.findByRole('cell', { name: 'Leeds' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'New location' }));
    const form = await screen.findByRole('form', { name: 'New location' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Leeds' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('This name is already used.')).toBeInTheDocument();
    fireEvent.change(within(form).getByRole('textbox', { name: /^Name/ }), { target: { value: 'York' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Postcode/ }), { target: { value: 'yo1 7hh' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Location created.')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'York' })).toBeInTheDocument();
    expect(writes).toEqual([
      {
        create: {
          name: 'York',
          address_line1: null,
          address_line2: null,
          town: null,
          postcode: 'YO1 7HH',
          bank_holiday_region: 'england-and-wales',
        },
      },
    ]);
  });

  it('refuses an invalid postcode in the form, before any call', async () => {
    allow(['GET', 'POST']);
    const writes = serve();
    renderWithApp(<OrganisationListPage definition={locationList} />);
    fireEvent.click(await screen.findByRole('button', { name: 'New location' }));
    const form = await screen.findByRole('form', { name: 'New location' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Nowhere' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Postcode/ }), { target: { value: '12345' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('This is not a valid postcode.')).toBeInTheDocument();
    expect(writes).toEqual([]);
  });

  it('edits an item from its own values', async () => {
    allow(['GET', 'PUT']);
    const writes = serve();
    renderWithApp(<OrganisationListPage definition={locationList} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Leeds' }));
    const form = await screen.findByRole('form', { name: 'Edit location' });
    const name = within(form).getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Leeds');
    fireEvent.change(name, { target: { value: 'Leeds Central' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('cell', { name: 'Leeds Central' })).toBeInTheDocument();
    expect(writes).toEqual([
      { update: 'l1', body: expect.objectContaining({ name: 'Leeds Central', town: 'Leeds', postcode: 'LS1 4AP' }) },
    ]);
    expect(screen.queryByRole('button', { name: 'New location' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Leeds Central' })).not.toBeInTheDocument();
  });

  it('asks before deleting and shows why an item in use cannot go', async () => {
    allow(['GET', 'DELETE']);
    const writes = serve();
    renderWithApp(<OrganisationListPage definition={locationList} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Leeds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete location' });
    expect(within(dialog).getByText('Delete “Leeds”? This cannot be undone.')).toBeInTheDocument();
    expect(writes).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(IN_USE)).toBeInTheDocument();
    expect(writes).toEqual([{ delete: 'l1' }]);
    // The 409 is explained in the dialog, not as a generic error toast.
    expect(screen.queryByText('Error occurred')).not.toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Leeds' })).toBeInTheDocument();
  });

  it('shows the empty state, and the permission message to those without access', async () => {
    allow(['GET']);
    server.use(http.get('/api/company-location', () => HttpResponse.json({ results: [], count: 0, next_offset: 0 })));
    const { unmount } = renderWithApp(<OrganisationListPage definition={locationList} />);
    expect(await screen.findByText('No locations yet.')).toBeInTheDocument();
    unmount();
    localStorage.clear();
    renderWithApp(<OrganisationListPage definition={locationList} />);
    await vi.waitFor(() => expect(screen.getByText('You are not allowed to view this content.')).toBeInTheDocument());
  });
});
