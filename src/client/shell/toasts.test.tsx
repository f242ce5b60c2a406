import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_TIMEOUT_MS } from '../../shared/constants';
import { ApiError } from '../api/api-client';
import { createQueryClient } from '../api/query-client';
import { ERROR_OCCURRED, showDangerToast, showSuccessToast, showValidationFailedToast } from './toasts';

// The toasts' container as the app mounts it (src/app/client/app.tsx).
function renderToasts() {
  render(
    <MantineProvider env="test">
      <Notifications autoClose={TOAST_TIMEOUT_MS} />
    </MantineProvider>,
  );
}

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  act(() => notifications.clean());
  vi.useRealTimers();
});

describe('toasts', () => {
  it('close after 5000 ms', async () => {
    renderToasts();
    act(() => showSuccessToast({ title: 'Success!', message: 'Request submitted.' }));
    expect(await screen.findByText('Request submitted.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(TOAST_TIMEOUT_MS - 100));
    expect(screen.getByText('Request submitted.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.queryByText('Request submitted.')).not.toBeInTheDocument();
  });

  it('never show an identical danger message twice at once, but show it again once it has closed', async () => {
    renderToasts();
    act(() => {
      showDangerToast({ message: ERROR_OCCURRED });
      showDangerToast({ message: ERROR_OCCURRED });
      showDangerToast({ message: 'Something else' });
    });
    await screen.findByText('Something else');
    expect(screen.getAllByText(ERROR_OCCURRED)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(TOAST_TIMEOUT_MS + 500));
    expect(screen.queryByText(ERROR_OCCURRED)).not.toBeInTheDocument();
    act(() => showDangerToast({ message: ERROR_OCCURRED }));
    expect(await screen.findByText(ERROR_OCCURRED)).toBeInTheDocument();
  });

  it('say "Validation failed." and "Please check provided details." for a refused form', async () => {
    renderToasts();
    act(() => {
      showValidationFailedToast();
      showValidationFailedToast();
    });
    expect(await screen.findAllByText('Validation failed.')).toHaveLength(1);
    expect(screen.getByText('Please check provided details.')).toBeInTheDocument();
  });

  it('have a close button a screen reader can name', async () => {
    renderToasts();
    act(() => showValidationFailedToast());
    await screen.findByText('Validation failed.');
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('show one "Error occurred" for several queries that fail together', async () => {
    renderToasts();
    const client = createQueryClient();
    const fail = () => Promise.reject(new ApiError(500, {}));
    await act(async () => {
      await Promise.all(['a', 'b', 'c'].map((key) => client.fetchQuery({ queryKey: [key], queryFn: fail }).catch(() => undefined)));
    });
    expect(await screen.findAllByText(ERROR_OCCURRED)).toHaveLength(1);
  });
});
