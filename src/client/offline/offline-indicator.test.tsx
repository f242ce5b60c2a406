import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../ui/test-render';
import { OfflineIndicator } from './offline-indicator';

function setOnline(online: boolean): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

afterEach(() => vi.restoreAllMocks());

describe('OfflineIndicator', () => {
  it('says "Offline" while the browser has no network, and nothing once it is back', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderWithApp(<OfflineIndicator />);
    await screen.findByText((_, element) => element === document.body);
    expect(screen.queryByRole('status')).toBeNull();

    setOnline(false);
    expect(await screen.findByRole('status', { name: 'Offline' })).toHaveTextContent('Offline');

    setOnline(true);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
