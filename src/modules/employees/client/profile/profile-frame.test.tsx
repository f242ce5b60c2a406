import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../../client/ui/test-render';
import type { PermissionEntry } from '../../../../shared/scopes';
import type { AuditLogEntry } from '../../directory.contract';
import { annSmithRecord } from '../test-people';
import { PROFILE_NOT_FOUND, ProfileFrame } from './profile-frame';

const server = mockApi();
const ID = '66666666-6666-4666-8666-666666666666';
const REASON = { id: '77777777-7777-4777-8777-777777777777', name: 'Resignation' };

const user = annSmithRecord(ID);

const entry = (overrides: Partial<AuditLogEntry>): AuditLogEntry => ({
  id: crypto.randomUUID(),
  action: 'user.updated',
  actor: { id: 'a1', first_name: 'Olive', surname: 'Owner' },
  impersonated: false,
  details: { field: 'surname' },
  created_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const grant = (endpoint: string, method: PermissionEntry['method'], type: PermissionEntry['type']): PermissionEntry => ({
  endpoint,
  method,
  type,
});

function serve(answer: () => Response = () => HttpResponse.json(user)) {
  const terminations: unknown[] = [];
  server.use(
    http.get(`/api/users/${ID}`, answer),
    http.get('/api/audit-log', () => HttpResponse.json({ results: [entry({})], count: 1, next_offset: 1 })),
    http.get('/api/termination-reason', () => HttpResponse.json({ results: [REASON], count: 1, next_offset: 1 })),
    http.post('/api/user-terminate', async ({ request }) => {
      terminations.push(await request.json());
      return HttpResponse.json({ ...user, termination_date: '2026-12-31' });
    }),
  );
  return { terminations };
}

beforeEach(() => localStorage.clear());

describe('the profile frame (/employee/{id})', () => {
  it('shows only the tabs whose records the viewer may read, History only to company-wide readers', async () => {
    localStorage.setItem(
      'permissions',
      JSON.stringify([
        grant('/api/user-basic', 'GET', 'company'),
        grant('/api/user-personal-details', 'GET', 'company'),
        grant('/api/user-contact-details', 'GET', 'own'),
      ]),
    );
    serve();
    renderWithApp(<ProfileFrame userId={ID} self={false} />, { path: `/employee/${ID}?tab=audit` });
    expect(await screen.findByRole('heading', { name: 'Ann Smith' })).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Profile sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Personal', 'Contact', 'History']);
    expect(screen.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
    const history = await screen.findByRole('table', { name: 'History' });
    expect(within(history).getByText('Olive Owner')).toBeInTheDocument();
    expect(within(history).getByText('User updated')).toBeInTheDocument();
  });

  it('hides History from a department-wide reader', async () => {
    localStorage.setItem('permissions', JSON.stringify([grant('/api/user-basic', 'GET', 'department')]));
    serve();
    renderWithApp(<ProfileFrame userId={ID} self={false} />, { path: `/employee/${ID}?tab=audit` });
    await screen.findByRole('heading', { name: 'Ann Smith' });
    expect(screen.queryByRole('tab', { name: 'History' })).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This tab does not exist or is not available to you.');
  });

  it('offers Terminate only with the permission, and terminates after a confirmation', async () => {
    localStorage.setItem('permissions', JSON.stringify([grant('/api/user-basic', 'GET', 'department')]));
    serve();
    const { unmount } = renderWithApp(<ProfileFrame userId={ID} self={false} />, { path: `/employee/${ID}` });
    await screen.findByRole('heading', { name: 'Ann Smith' });
    expect(screen.queryByRole('button', { name: 'Terminate' })).not.toBeInTheDocument();
    unmount();

    localStorage.setItem(
      'permissions',
      JSON.stringify([grant('/api/user-basic', 'GET', 'company'), grant('/api/user-terminate', 'POST', 'company')]),
    );
    const { terminations } = serve();
    renderWithApp(<ProfileFrame userId={ID} self={false} />, { path: `/employee/${ID}` });
    fireEvent.click(await screen.findByRole('button', { name: 'Terminate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terminate Ann Smith' });
    fireEvent.change(within(dialog).getByLabelText(/Termination date/), { target: { value: '2026-12-31' } });
    fireEvent.click(within(dialog).getByRole('combobox', { name: /Reason/ }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 250)));
    fireEvent.click(await screen.findByRole('option', { name: 'Resignation' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(/Terminate Ann Smith's employment on 31\/12\/2026\?/)).toBeInTheDocument();
    expect(terminations).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm termination' }));
    await waitFor(() => expect(terminations).toEqual([{ user_id: ID, termination_date: '2026-12-31', termination_reason_id: REASON.id }]));
  });

  it('never offers to terminate yourself', async () => {
    localStorage.setItem(
      'permissions',
      JSON.stringify([grant('/api/user-basic', 'GET', 'company'), grant('/api/user-terminate', 'POST', 'company')]),
    );
    serve();
    renderWithApp(<ProfileFrame userId={ID} self />, { path: '/profile' });
    await screen.findByRole('heading', { name: 'Ann Smith' });
    expect(screen.queryByRole('button', { name: 'Terminate' })).not.toBeInTheDocument();
  });

  it('shows Sign-in access only to those who may change it, never on your own profile, and confirms before disabling', async () => {
    localStorage.setItem('permissions', JSON.stringify([grant('/api/user-basic', 'GET', 'company')]));
    serve();
    const first = renderWithApp(<ProfileFrame userId={ID} self={false} />, { path: `/employee/${ID}` });
    await screen.findByRole('heading', { name: 'Ann Smith' });
    expect(screen.queryByText('Sign-in access')).not.toBeInTheDocument();
    first.unmount();

    localStorage.setItem(
      'permissions',
      JSON.stringify([grant('/api/user-basic', 'GET', 'company'), grant('/api/user-access', 'PUT', 'company')]),
    );
    serve();
    const own = renderWithApp(<ProfileFrame userId={ID} self />, { path: '/profile' });
    await screen.findByRole('heading', { name: 'Ann Smith' });
    expect(screen.queryByText('Sign-in access')).not.toBeInTheDocument();
    own.unmount();

    const changes: unknown[] = [];
    serve(() => HttpResponse.json({ ...user, access: 'on_hold' }));
    server.use(
      http.put(`/api/user-access/${ID}`, async ({ request }) => {
        changes.push(await request.json());
        return HttpResponse.json({ user_id: ID, access: 'disabled' });
      }),
    );
    renderWithApp(<ProfileFrame userId={ID} self={false} />, { path: `/employee/${ID}` });
    expect(await screen.findByText('On hold')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: "Change Ann Smith's sign-in access" }));
    const dialog = await screen.findByRole('dialog', { name: 'Change sign-in access' });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Access disabled/ }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Left the site' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save access' }));
    const confirm = await screen.findByRole('dialog', { name: 'Disable access' });
    expect(changes).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Disable access' }));
    await waitFor(() => expect(changes).toEqual([{ access: 'disabled', reason: 'Left the site' }]));
  });

  it('offers an owner or HR admin "Reset two-factor" on another person\'s profile, never their own, and resets only once confirmed', async () => {
    localStorage.setItem(
      'permissions',
      JSON.stringify([grant('/api/user-basic', 'GET', 'company'), grant('/api/user-2fa-reset', 'POST', 'company')]),
    );
    const resets: unknown[] = [];
    serve();
    server.use(
      http.post('/api/user-2fa-reset', async ({ request }) => {
        resets.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const own = renderWithApp(<ProfileFrame userId={ID} self />, { path: '/profile' });
    await screen.findByRole('heading', { name: 'Ann Smith' });
    expect(screen.queryByRole('button', { name: /Reset .* two-factor/ })).not.toBeInTheDocument();
    own.unmount();

    renderWithApp(<ProfileFrame userId={ID} self={false} />, { path: `/employee/${ID}` });
    fireEvent.click(await screen.findByRole('button', { name: 'Reset two-factor for Ann Smith' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset two-factor' });
    expect(confirm).toHaveTextContent('Their authenticator app, recovery codes and passkeys stop working');
    expect(resets).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reset two-factor' }));
    await waitFor(() => expect(resets).toEqual([{ user_id: ID }]));
    expect(await screen.findByText("Ann Smith's two-factor is reset. They have been e-mailed.")).toBeInTheDocument();
  });

  it('does not offer the reset without the permission', async () => {
    localStorage.setItem('permissions', JSON.stringify([grant('/api/user-basic', 'GET', 'company')]));
    serve();
    renderWithApp(<ProfileFrame userId={ID} self={false} />, { path: `/employee/${ID}` });
    await screen.findByRole('heading', { name: 'Ann Smith' });
    expect(screen.queryByRole('button', { name: /two-factor/ })).not.toBeInTheDocument();
  });

  it('says so when the person is not found, without the error toast', async () => {
    localStorage.setItem('permissions', JSON.stringify([grant('/api/user-basic', 'GET', 'company')]));
    serve(() => HttpResponse.json({ code: 'notFound', message: 'Not found.' }, { status: 404 }));
    renderWithApp(<ProfileFrame userId={ID} self={false} />, { path: `/employee/${ID}` });
    expect(await screen.findByRole('alert')).toHaveTextContent(PROFILE_NOT_FOUND);
    expect(screen.queryByText('Error occurred')).not.toBeInTheDocument();
  });
});
