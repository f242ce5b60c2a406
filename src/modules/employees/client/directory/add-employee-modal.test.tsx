import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../../client/ui/test-render';
import { EMAIL_TAKEN } from '../../directory.contract';
import { AddEmployeeModal } from './add-employee-modal';

const server = mockApi();
const NEW_ID = '44444444-4444-4444-8444-444444444444';
const empty = () => HttpResponse.json({ results: [], count: 0, next_offset: 0 });

function serve(create: () => Response) {
  const posts: unknown[] = [];
  const roleRequests: string[] = [];
  server.use(
    http.get('/api/departments', empty),
    http.get('/api/company-location', empty),
    http.get('/api/role', ({ request }) => {
      roleRequests.push(request.url);
      return HttpResponse.json([{ id: '55555555-5555-4555-8555-555555555555', name: 'HR admin' }]);
    }),
    http.post('/api/user-basic/validate', () => HttpResponse.json({ errors: {} })),
    http.post('/api/user-basic', async ({ request }) => {
      posts.push(await request.json());
      return create();
    }),
  );
  return { posts, roleRequests };
}

function fill(dialog: HTMLElement) {
  fireEvent.change(within(dialog).getByRole('textbox', { name: /First name/ }), { target: { value: 'Dee' } });
  fireEvent.change(within(dialog).getByRole('textbox', { name: /Surname/ }), { target: { value: 'Patel' } });
  fireEvent.change(within(dialog).getByRole('textbox', { name: /E-mail/ }), { target: { value: 'dee@demo.test' } });
}

beforeEach(() => localStorage.clear());

describe('Add employee', () => {
  it('puts the server’s 422 onto the e-mail field and shows "Validation failed."', async () => {
    localStorage.setItem('permissions', JSON.stringify([{ endpoint: '/api/user-basic', method: 'POST', type: 'department' }]));
    const { posts, roleRequests } = serve(() =>
      HttpResponse.json(
        { code: 'validation', message: 'Please check provided details.', errors: { email: [EMAIL_TAKEN] } },
        { status: 422 },
      ),
    );
    renderWithApp(<AddEmployeeModal opened onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add employee' });
    // Only company scope chooses a role.
    expect(within(dialog).queryByRole('combobox', { name: /Role/ })).not.toBeInTheDocument();
    fill(dialog);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Send an invitation e-mail now' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add employee' }));
    const email = within(dialog).getByRole('textbox', { name: /E-mail/ });
    await waitFor(() => expect(email).toHaveAccessibleDescription(EMAIL_TAKEN));
    expect(screen.getByText('Validation failed.')).toBeInTheDocument();
    expect(posts).toEqual([
      {
        first_name: 'Dee',
        surname: 'Patel',
        email: 'dee@demo.test',
        department_id: null,
        location_id: null,
        start_date: null,
        role_id: null,
        send_invitation: true,
      },
    ]);
    expect(roleRequests).toEqual([]);
  });

  it('checks required fields before asking the server, then opens the new profile', async () => {
    localStorage.setItem('permissions', JSON.stringify([{ endpoint: '/api/user-basic', method: 'POST', type: 'company' }]));
    const { posts } = serve(() => HttpResponse.json({ id: NEW_ID, first_name: 'Dee', surname: 'Patel' }, { status: 201 }));
    const { router } = renderWithApp(<AddEmployeeModal opened onClose={() => undefined} />, { path: '/employees' });
    const dialog = await screen.findByRole('dialog', { name: 'Add employee' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add employee' }));
    // First name, surname and e-mail: an empty e-mail is only "Field is required." (empty
    // passes the e-mail rule itself).
    expect(await within(dialog).findAllByText('Field is required.')).toHaveLength(3);
    expect(within(dialog).getByRole('textbox', { name: /E-mail/ })).toHaveAccessibleDescription('Field is required.');
    expect(posts).toEqual([]);
    expect(within(dialog).getByRole('combobox', { name: /Role/ })).toBeInTheDocument();
    fill(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add employee' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/employee/${NEW_ID}`));
    expect(screen.getByText('Dee Patel has been added.')).toBeInTheDocument();
  });
});
