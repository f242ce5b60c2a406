import 'fake-indexeddb/auto';
import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../auth/token-store';
import { tokenFor } from '../realtime/realtime-test-support';
import { mockApi, renderWithApp } from '../ui/test-render';
import { ClientModulesProvider } from './client-modules';
import { SignedInLayout } from './signed-in-layout';

// The persisted cache, the outbox bridge and realtime are not this test's business; the build names the version.
vi.mock('../offline/offline-session', () => ({ startOfflineSession: () => Promise.resolve() }));
vi.stubGlobal('__APP_VERSION__', '0.0.0-test');
vi.stubGlobal('__BUILD_ID__', 'test');

const server = mockApi();
afterEach(() => clearToken());

const mainMenu = () => document.querySelector('nav[aria-label="Main menu"]');

describe('the side menu on a phone', () => {
  it('is drawn when the drawer first opens, not with the first screen, and stays drawn once closed', async () => {
    // An administrator: the frame without a company's reads. jsdom's width is a phone's (no desktop media query matches).
    setToken(tokenFor({ companyId: null }));
    server.use(http.get('/api/version', () => HttpResponse.json({ version: '1.0.0', app_store_url: null, play_store_url: null })));
    renderWithApp(
      <ClientModulesProvider modules={[]}>
        <SignedInLayout page={<h1>The page</h1>} />
      </ClientModulesProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(mainMenu()).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(mainMenu()).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Stafflane home' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(mainMenu()).not.toBeNull();
  });
});
