import { act, fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../client/auth/token-store';
import { ClientModulesProvider } from '../../../client/shell/client-modules';
import { mockApi, renderWithApp } from '../../../client/ui/test-render';
import type { TwoFactorSetting } from '../../auth/auth.contract';
import type { PushDevice } from '../../../shared/push.contract';
import type { UserSettings } from '../../../shared/settings.contract';
import { UserSettingsLayout } from './user-settings-layout';
import { UserSettingsPage } from './user-settings-page';

const USER_ID = '5d3c1a2b-0f4e-4c1d-8b7a-6e5f4d3c2b1a';
const IMPERSONATING = 'This cannot be changed while impersonating a user.';

const server = mockApi();
beforeEach(() => localStorage.clear());

function signIn({ imp = false, permissions = [] as unknown[] } = {}) {
  const claims = { user_id: USER_ID, first_name: 'Ann', company_id: 'c1', imp, exp: 4_000_000_000 };
  localStorage.setItem('permissions', JSON.stringify(permissions));
  setToken(`x.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.y`);
}

function serve({
  twoFactor = {
    enabled: false,
    method: 'mail',
    contact: 'a***@demo.test',
    required_by_company: false,
    authenticator: false,
    recovery_codes_left: 0,
    passkeys: [],
  } as TwoFactorSetting,
} = {}) {
  let settings: UserSettings = { user_id: USER_ID, email_notifications: true, allow_payable_overtime: false, allow_toil_overtime: false };
  let setting = twoFactor;
  const puts: unknown[] = [];
  let devices: PushDevice[] = [
    {
      id: '0b6f3c1e-1d2a-4c3b-9e8f-7a6b5c4d3e2f',
      device: 'Chrome on Android',
      endpoint: 'https://fcm.googleapis.com/fcm/send/phone',
      created_at: '2026-03-02T09:00:00Z',
      last_sent_at: '2026-03-03T12:30:00Z',
    },
  ];
  server.use(
    http.get('/api/push-subscriptions', () => HttpResponse.json({ public_key: 'B'.repeat(87), results: devices })),
    http.delete('/api/push-subscriptions/:id', ({ params }) => {
      puts.push({ removedDevice: params.id });
      devices = devices.filter((device) => device.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(`/api/user-settings/${USER_ID}`, () => HttpResponse.json(settings)),
    http.put(`/api/user-settings/${USER_ID}`, async ({ request }) => {
      const body = (await request.json()) as Partial<UserSettings>;
      puts.push({ userSettings: body });
      settings = { ...settings, ...body };
      return HttpResponse.json(settings);
    }),
    http.get('/api/user-2fa', () => HttpResponse.json(setting)),
    http.put('/api/user-2fa', async ({ request }) => {
      const body = (await request.json()) as Pick<TwoFactorSetting, 'enabled' | 'method'>;
      puts.push({ twoFactor: body });
      if (body.method === 'mobile')
        return HttpResponse.json(
          {
            code: 'validation',
            message: 'Please check provided details.',
            errors: { method: ['Add a mobile phone number to your profile before choosing text messages.'] },
          },
          { status: 422 },
        );
      setting = { ...setting, ...body };
      return HttpResponse.json(setting);
    }),
  );
  return puts;
}

describe('My settings (/settings/user-settings)', () => {
  it('turns e-mail notifications off and two-factor on, each saved at once', async () => {
    signIn();
    const puts = serve();
    renderWithApp(<UserSettingsPage />, { path: '/settings/user-settings' });
    const email = await screen.findByRole('switch', { name: /^E-mail notifications/ });
    expect(email).toBeChecked();
    fireEvent.click(email);
    await vi.waitFor(() => expect(screen.getByRole('switch', { name: /^E-mail notifications/ })).not.toBeChecked());
    expect(await screen.findByText('Your settings have been saved.')).toBeInTheDocument();
    const twoFactor = await screen.findByRole('switch', { name: /^Two-factor authentication/ });
    expect(twoFactor).not.toBeChecked();
    fireEvent.click(twoFactor);
    await vi.waitFor(() => expect(screen.getByRole('switch', { name: /^Two-factor authentication/ })).toBeChecked());
    expect(puts).toEqual([{ userSettings: { email_notifications: false } }, { twoFactor: { enabled: true, method: 'mail' } }]);
    expect(screen.getByText('Codes go to a***@demo.test.')).toBeInTheDocument();
  });

  it('shows the server’s reason when a change is refused', async () => {
    signIn();
    serve();
    renderWithApp(<UserSettingsPage />, { path: '/settings/user-settings' });
    fireEvent.click(await screen.findByRole('combobox', { name: 'Two-factor method' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 250)));
    fireEvent.click(await screen.findByRole('option', { name: 'Text message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Add a mobile phone number to your profile before choosing text messages.');
    expect(screen.queryByText('Error occurred')).not.toBeInTheDocument();
  });

  it('disables the two-factor switch while impersonating, with the server’s message', async () => {
    signIn({ imp: true });
    const puts = serve();
    renderWithApp(<UserSettingsPage />, { path: '/settings/user-settings' });
    const twoFactor = await screen.findByRole('switch', { name: /^Two-factor authentication/ });
    expect(twoFactor).toBeDisabled();
    expect(screen.getByText(IMPERSONATING)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Two-factor method' })).toBeDisabled();
    fireEvent.click(twoFactor);
    expect(puts).toEqual([]);
  });

  it('keeps two-factor on when the company requires it', async () => {
    signIn();
    serve({
      twoFactor: {
        enabled: false,
        method: 'mail',
        contact: null,
        required_by_company: true,
        authenticator: false,
        recovery_codes_left: 0,
        passkeys: [],
      },
    });
    renderWithApp(<UserSettingsPage />, { path: '/settings/user-settings' });
    const twoFactor = await screen.findByRole('switch', { name: /^Two-factor authentication/ });
    expect(twoFactor).toBeChecked();
    expect(twoFactor).toBeDisabled();
    expect(screen.getByText('Your company asks for a code at every sign-in.')).toBeInTheDocument();
  });
});

describe('Devices', () => {
  it('lists the devices that get notifications, and removes one after asking', async () => {
    signIn();
    const puts = serve();
    renderWithApp(<UserSettingsPage />, { path: '/settings/user-settings' });
    expect(await screen.findByText('Chrome on Android')).toBeInTheDocument();
    expect(screen.getByText('Added 02/03/2026, last notified 03/03/2026 12:30')).toBeInTheDocument();
    // No service worker in this browser: no button that could not work.
    expect(await screen.findByText('This browser cannot show notifications from Stafflane.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Allow notifications on this device' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Chrome on Android' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No devices yet.')).toBeInTheDocument();
    expect(puts).toEqual([{ removedDevice: '0b6f3c1e-1d2a-4c3b-9e8f-7a6b5c4d3e2f' }]);
  });
});

describe('sections other modules add to My settings', () => {
  it('show under their own headings, after the page’s own', async () => {
    signIn();
    serve();
    const feed = { key: 'feed', title: 'Calendar link', component: () => <p>Your private link.</p> };
    renderWithApp(
      <ClientModulesProvider modules={[{ name: 'one' }, { name: 'two', userSettings: [feed] }]}>
        <UserSettingsPage />
      </ClientModulesProvider>,
      { path: '/settings/user-settings' },
    );
    const headings = (await screen.findAllByRole('heading', { level: 2 })).map((heading) => heading.textContent);
    expect(headings).toEqual(['Notifications', 'Devices', 'Sign-in security', 'Calendar link']);
    expect(screen.getByText('Your private link.')).toBeInTheDocument();
  });
});

describe('user settings tabs', () => {
  it('show "Access requests" only to users who may answer them company-wide', async () => {
    signIn({ permissions: [{ endpoint: '/api/access-requests', method: 'PUT', type: 'company' }] });
    const { unmount } = renderWithApp(<UserSettingsLayout />, { path: '/settings/user-settings' });
    expect(await screen.findByRole('tab', { name: 'My settings' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Access requests' })).toHaveAttribute('href', '/settings/user-settings/access-requests');
    unmount();

    signIn({ permissions: [{ endpoint: '/api/access-requests', method: 'PUT', type: 'department' }] });
    renderWithApp(<UserSettingsLayout />, { path: '/settings/user-settings/access-requests' });
    expect(await screen.findByRole('tab', { name: 'My settings' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Access requests' })).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This tab does not exist or is not available to you.');
  });
});
