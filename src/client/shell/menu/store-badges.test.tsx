import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { VersionResponse } from '../../../shared/version';
import { mockApi, renderWithApp } from '../../ui/test-render';
import { StoreBadges } from './store-badges';

const server = mockApi();

const serve = (answer: VersionResponse) => server.use(http.get('/api/version', () => HttpResponse.json(answer)));

/** What Chromium fires when the app may be installed; the menu keeps it for its button. */
function offerInstall() {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: async () => undefined,
    userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
  });
  act(() => void window.dispatchEvent(event));
}

describe('StoreBadges', () => {
  it('links to the iOS and Android apps when their store pages are configured', async () => {
    serve({
      version: '1.0.0',
      app_store_url: 'https://apps.apple.com/app/id1',
      play_store_url: 'https://play.google.com/store/apps/details?id=x',
    });
    renderWithApp(<StoreBadges />);
    const ios = await screen.findByRole('link', { name: 'Download on the App Store' });
    expect(ios).toHaveAttribute('href', 'https://apps.apple.com/app/id1');
    expect(ios).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute(
      'href',
      'https://play.google.com/store/apps/details?id=x',
    );
    expect(screen.queryByRole('button', { name: 'Install the app' })).toBeNull();
  });

  it('shows only the store that is configured', async () => {
    serve({ version: '1.0.0', app_store_url: null, play_store_url: 'https://play.google.com/store/apps/details?id=x' });
    renderWithApp(<StoreBadges />);
    expect(await screen.findByRole('link', { name: 'Get it on Google Play' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download on the App Store' })).toBeNull();
  });

  it('offers "Install the app" in their place when no store is configured', async () => {
    serve({ version: '1.0.0', app_store_url: null, play_store_url: null });
    renderWithApp(<StoreBadges />);
    offerInstall();
    expect(await screen.findByRole('button', { name: 'Install the app' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /App Store|Google Play/ })).toBeNull();
  });
});
