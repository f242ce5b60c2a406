import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '../../../client/auth/token-store';
import { emailChangeLinkInvalidMessage, invitationLinkExpiredMessage } from '../auth.contract';
import { emailChangedMessage } from './confirm-email-change';
import { ConfirmEmailPage, NO_INVITATION_TOKEN } from './confirm-email-page';
import { SESSION_KEYS } from '../../../client/auth/session-store';
import { mockApi, renderWithApp } from '../../../client/ui/test-render';

const server = mockApi();
beforeEach(() => localStorage.clear());

const CONFIRMED = {
  auth_token: 'x.eyJzdGF0dXMiOiJpbnZpdGVkIn0.sig',
  permissions: [{ endpoint: '/api/user-basic', method: 'GET', type: 'own' }],
  misconfigured: false,
  docs_only: false,
  hr_client: true,
  hs_client: false,
  email: 'invited@demo.test',
};

function answerConfirm(answer: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/confirm-email', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

describe('ConfirmEmailPage', () => {
  it('sends the token once, stores the session like a sign-in and goes on to /welcome', async () => {
    const bodies = answerConfirm(() => HttpResponse.json(CONFIRMED));
    const { router } = renderWithApp(<ConfirmEmailPage />, { path: '/confirm-email?token=0123abc' });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/welcome'));
    expect(bodies).toEqual([{ token: '0123abc' }]);
    expect(getToken()).toBe(CONFIRMED.auth_token);
    expect(localStorage.getItem(SESSION_KEYS.userEmail)).toBe('invited@demo.test');
    expect(localStorage.getItem(SESSION_KEYS.hsClient)).toBe('0');
    expect(JSON.parse(localStorage.getItem(SESSION_KEYS.permissions) ?? '[]')).toEqual(CONFIRMED.permissions);
  });

  it('says why a link does not work and links to login', async () => {
    answerConfirm(() =>
      HttpResponse.json(
        { code: 'validation', message: 'Please check provided details.', errors: { token: [invitationLinkExpiredMessage] } },
        { status: 422 },
      ),
    );
    const { router } = renderWithApp(<ConfirmEmailPage />, { path: '/confirm-email?token=old' });
    expect(await screen.findByRole('alert')).toHaveTextContent(invitationLinkExpiredMessage);
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    expect(router.state.location.pathname).toBe('/confirm-email');
    expect(getToken()).toBeNull();
  });

  it('asks for the link again when the token is missing, without calling the server', async () => {
    renderWithApp(<ConfirmEmailPage />, { path: '/confirm-email' });
    expect(await screen.findByRole('alert')).toHaveTextContent(NO_INVITATION_TOKEN);
  });

  describe('with type=email-change', () => {
    function answerChange(answer: () => Response) {
      const bodies: unknown[] = [];
      server.use(
        http.post('/api/confirm-email-change', async ({ request }) => {
          bodies.push(await request.json());
          return answer();
        }),
      );
      return bodies;
    }

    it('confirms the new address once, says so and points to sign-in, without opening a session', async () => {
      const bodies = answerChange(() => HttpResponse.json({ email: 'new@demo.test' }));
      renderWithApp(<ConfirmEmailPage />, { path: '/confirm-email?type=email-change&token=abc' });
      expect(await screen.findByText(emailChangedMessage('new@demo.test'))).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
      expect(bodies).toEqual([{ token: 'abc' }]);
      expect(getToken()).toBeNull();
    });

    it('says when the link has expired or was already used', async () => {
      answerChange(() =>
        HttpResponse.json(
          { code: 'validation', message: 'Please check provided details.', errors: { token: [emailChangeLinkInvalidMessage] } },
          { status: 422 },
        ),
      );
      renderWithApp(<ConfirmEmailPage />, { path: '/confirm-email?type=email-change&token=used' });
      expect(await screen.findByRole('alert')).toHaveTextContent(emailChangeLinkInvalidMessage);
      expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    });
  });
});
