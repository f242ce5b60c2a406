import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../../../client/auth/token-store';
import { termsNotAcceptedMessage } from '../auth.contract';
import { PASSWORDS_DIFFER } from './new-password-fields';
import { SESSION_KEYS } from '../../../client/auth/session-store';
import { TERMS_TITLE } from './terms-modal';
import { ACCOUNT_READY } from './welcome-form';
import { WelcomePage } from './welcome-page';
import { mockApi, renderWithApp } from '../../../client/ui/test-render';

const toasts = vi.hoisted(() => ({ success: vi.fn() }));
vi.mock('../../../client/shell/toasts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  showSuccessToast: toasts.success,
}));

const server = mockApi();
beforeEach(() => localStorage.clear());

const token = (claims: Record<string, unknown>) =>
  `x.${btoa(JSON.stringify({ exp: 4_000_000_000, ...claims }))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_')}.sig`;

const INVITED = token({ user_id: 'u1', first_name: 'Ivy', company_id: 'c1', status: 'invited' });
const ACTIVE = token({ user_id: 'u1', first_name: 'Ivy', company_id: 'c1', status: 'active' });
const SIGNED_IN = { auth_token: ACTIVE, permissions: [], misconfigured: false, docs_only: false, hr_client: true, hs_client: true };

function answerWelcome(answer: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/welcome', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

function fill(password: string, confirmation: string) {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm the new password'), { target: { value: confirmation } });
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Set your password' }));

async function renderWelcome(stored: string | null) {
  if (stored) setToken(stored);
  localStorage.setItem(SESSION_KEYS.userEmail, 'invited@demo.test');
  const rendered = renderWithApp(<WelcomePage />, { path: '/welcome' });
  await screen.findByRole('heading', { level: 1 });
  return rendered;
}

describe('WelcomePage for a user still onboarding', () => {
  it('sets the password with the terms accepted, stores the new session and goes home', async () => {
    const bodies = answerWelcome(() => HttpResponse.json(SIGNED_IN));
    const { router } = await renderWelcome(INVITED);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome, Ivy');
    fill('my-password', 'my-password');
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    submit();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(bodies).toEqual([{ password: 'my-password', accept_terms: true }]);
    expect(getToken()).toBe(ACTIVE);
    expect(localStorage.getItem(SESSION_KEYS.userEmail)).toBe('invited@demo.test');
    expect(toasts.success).toHaveBeenCalledWith(ACCOUNT_READY);
    expect(ACCOUNT_READY).toEqual({ title: 'Success!', message: 'Your account is ready. Welcome to Stafflane!' });
  });

  it('sends nothing until the passwords match, are long enough and the terms are ticked', async () => {
    const bodies = answerWelcome(() => HttpResponse.json(SIGNED_IN));
    await renderWelcome(INVITED);
    fill('abc', 'abc');
    submit();
    expect(await screen.findByText("It's too short.")).toBeInTheDocument();
    expect(screen.getByText(termsNotAcceptedMessage)).toBeInTheDocument();
    fill('long-enough', 'different');
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    submit();
    expect(await screen.findByText(PASSWORDS_DIFFER)).toBeInTheDocument();
    expect(screen.queryByText(termsNotAcceptedMessage)).not.toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('shows the server’s field errors', async () => {
    answerWelcome(() =>
      HttpResponse.json(
        { code: 'validation', message: 'Please check provided details.', errors: { password: ['Max length exceeded.'] } },
        { status: 422 },
      ),
    );
    await renderWelcome(INVITED);
    fill('my-password', 'my-password');
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    submit();
    expect(await screen.findByText('Max length exceeded.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please check provided details.');
    expect(getToken()).toBe(INVITED);
  });

  it('opens the terms and conditions without losing what was typed', async () => {
    await renderWelcome(INVITED);
    fill('typed-password', 'typed-password');
    fireEvent.click(screen.getByRole('button', { name: 'Read the terms and conditions' }));
    expect(await screen.findByRole('dialog', { name: TERMS_TITLE })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByLabelText('New password')).toHaveValue('typed-password');
  });
});

describe('WelcomePage for others', () => {
  it('points an active user home', async () => {
    await renderWelcome(ACTIVE);
    expect(screen.getByRole('link', { name: 'Your account is ready: go to Stafflane' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('form', { name: 'Set your password' })).not.toBeInTheDocument();
  });

  it('explains invitations without a session', async () => {
    await renderWelcome(null);
    expect(screen.getByText(/sends you an invitation by e-mail/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
  });
});
