import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ImpersonationInfo } from '../access-requests.contract';
import { mockApi, renderWithApp } from '../../../client/ui/test-render';
import { ImpersonationBanner } from './impersonation-banner';

const server = mockApi();

const INFO: ImpersonationInfo = { user_name: 'Ella Evans', administrator_name: 'Sam Support', ends_at: '2026-11-27T13:30:00.000Z' };

describe('ImpersonationBanner', () => {
  it('says whose account this is and who is acting, until when', async () => {
    server.use(http.get('/api/impersonation', () => HttpResponse.json(INFO)));
    renderWithApp(<ImpersonationBanner firstName="Ella" />);
    const banner = await screen.findByRole('region', { name: 'Impersonation' });
    await waitFor(() =>
      expect(banner).toHaveTextContent('This is Ella Evans’s account. Sam Support is acting in it until 27/11/2026 13:30.'),
    );
  });

  it('names the account from the session before the names arrive', async () => {
    server.use(http.get('/api/impersonation', () => new Promise<never>(() => undefined)));
    renderWithApp(<ImpersonationBanner firstName="Ella" />);
    expect(await screen.findByRole('region', { name: 'Impersonation' })).toHaveTextContent(
      'This is Ella’s account. An administrator is acting in it.',
    );
  });

  it('"End" signs the impersonated session out', async () => {
    let loggedOut = false;
    server.use(
      http.get('/api/impersonation', () => HttpResponse.json(INFO)),
      http.post('/api/logout', () => {
        loggedOut = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { router } = renderWithApp(<ImpersonationBanner firstName="Ella" />);
    fireEvent.click(await screen.findByRole('button', { name: 'End' }));
    await waitFor(() => expect(loggedOut).toBe(true));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
