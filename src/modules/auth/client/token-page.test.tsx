import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../../../client/auth/token-store';
import { accessRequestMessages } from '../access-requests.contract';
import { TokenPage } from './token-page';
import { mockApi, renderWithApp } from '../../../client/ui/test-render';

const server = mockApi();
afterEach(() => {
  localStorage.clear();
});

const IMPERSONATED = {
  auth_token: 'impersonated.token',
  permissions: [{ endpoint: '/api/user-basic', method: 'GET', type: 'own' }],
  misconfigured: false,
  docs_only: false,
  hr_client: true,
  hs_client: true,
  email: 'ella@demo.test',
};

describe('/token', () => {
  it("ends the administrator's session, stores the impersonated one and goes home", async () => {
    setToken('administrator.token');
    const calls: string[] = [];
    server.use(
      http.post('/api/logout', ({ request }) => {
        calls.push(`logout ${request.headers.get('authorization')}`);
        return new HttpResponse(null, { status: 204 });
      }),
      http.post('/api/token', async ({ request }) => {
        calls.push(`token ${JSON.stringify(await request.json())}`);
        return HttpResponse.json(IMPERSONATED);
      }),
    );
    const onSignedIn = vi.fn();
    renderWithApp(<TokenPage onSignedIn={onSignedIn} />, { path: '/token?token=one-time' });
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/'));
    expect(calls).toEqual(['logout Bearer administrator.token', 'token {"token":"one-time"}']);
    expect(getToken()).toBe('impersonated.token');
    expect(localStorage.getItem('user-email')).toBe('ella@demo.test');
  });

  it('explains a used or expired link and keeps no session', async () => {
    server.use(
      http.post('/api/token', () =>
        HttpResponse.json(
          { code: 'validation', message: accessRequestMessages.tokenInvalid, errors: { token: [accessRequestMessages.tokenInvalid] } },
          { status: 422 },
        ),
      ),
    );
    const onSignedIn = vi.fn();
    renderWithApp(<TokenPage onSignedIn={onSignedIn} />, { path: '/token?token=used' });
    expect(await screen.findByText(accessRequestMessages.tokenInvalid)).toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(getToken()).toBeNull();
  });
});
