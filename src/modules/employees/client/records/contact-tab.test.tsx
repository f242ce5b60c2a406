import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../../client/ui/test-render';
import type { PermissionEntry } from '../../../../shared/scopes';
import type { ContactDetails } from '../../personal-records.contract';
import ContactTab from './contact-tab';

const server = mockApi();
const userId = '7d0c6f7e-1d7e-4a47-9a55-0b1a3f5c9e01';

const contact: ContactDetails = {
  user_id: userId,
  address_line1: '1 High Street',
  address_line2: null,
  town: 'Leeds',
  county: null,
  postcode: 'LS1 4AP',
  home_phone: null,
  mobile_phone: '07700 900123',
  work_phone: null,
  work_extension: null,
  personal_email: null,
};

const store = (permissions: PermissionEntry[]) => localStorage.setItem('permissions', JSON.stringify(permissions));
const own = (method: PermissionEntry['method']): PermissionEntry => ({ endpoint: '/api/user-contact-details', method, type: 'own' });

beforeEach(() => localStorage.clear());

function serve(put: (body: Record<string, unknown>) => Response) {
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.get(`/api/user-contact-details/${userId}`, () => HttpResponse.json(contact)),
    http.post('/api/user-contact-details/validate', () => HttpResponse.json({ errors: {} })),
    http.put(`/api/user-contact-details/${userId}`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return put(body);
    }),
  );
  return sent;
}

const field = (name: string) => screen.getByRole('textbox', { name });

describe('ContactTab', () => {
  it('reads the details and hides Edit from a viewer who may not change them', async () => {
    store([own('GET')]);
    serve(() => HttpResponse.json(contact));
    renderWithApp(<ContactTab userId={userId} self={false} />);
    const section = await screen.findByRole('region', { name: 'Contact details' });
    expect(await within(section).findByText(/1 High Street/)).toBeInTheDocument();
    expect(within(section).getByText('07700 900123')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Edit contact details' })).not.toBeInTheDocument();
  });

  it('edits in place and puts a 422’s messages on the fields they name', async () => {
    store([own('GET'), own('PUT')]);
    const sent = serve(() =>
      HttpResponse.json(
        { code: 'validation', message: 'Please check provided details.', errors: { postcode: ['This is not a valid postcode.'] } },
        { status: 422 },
      ),
    );
    renderWithApp(<ContactTab userId={userId} self />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit contact details' }));
    fireEvent.change(field('Town or city'), { target: { value: 'York' } });
    fireEvent.change(field('Postcode'), { target: { value: 'yo1 7hh' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Validation failed.')).toBeInTheDocument();
    expect(field('Postcode')).toHaveAccessibleDescription('This is not a valid postcode.');
    // The contract's output went out: normalised postcode, empty fields as null.
    expect(sent[0]).toMatchObject({ town: 'York', postcode: 'YO1 7HH', county: null, personal_email: null });
  });

  it('refuses a bad extension before sending, then saves and returns to the read view', async () => {
    store([own('GET'), own('PUT')]);
    const sent = serve((body) => HttpResponse.json({ ...contact, ...body }));
    renderWithApp(<ContactTab userId={userId} self />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit contact details' }));
    fireEvent.change(field('Work extension'), { target: { value: '12a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field('Work extension')).toHaveAccessibleDescription('This is not a valid extension.'));
    expect(sent).toHaveLength(0);
    fireEvent.change(field('Work extension'), { target: { value: '204' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Contact details saved.')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    const section = screen.getByRole('region', { name: 'Contact details' });
    expect(within(section).getByText('204')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
