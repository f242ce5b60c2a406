import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countingDrawings, renderWithApp } from '../ui/test-render';
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

  it("is drawn once as the page opens: Mantine's useNetwork read the network after the first drawing and drew the top bar again", async () => {
    const { element, drawings } = countingDrawings(<OfflineIndicator />);
    render(<MantineProvider>{element}</MantineProvider>);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(drawings).toEqual(['mount']);
  });
});
