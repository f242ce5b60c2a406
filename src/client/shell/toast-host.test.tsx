import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ToastHost } from './toast-host';
import { loadToasts, showSuccessToast } from './toasts';

// The client's test files share modules: no toast is left from another file, and none from this one.
beforeEach(() => act(() => notifications.clean()));
afterEach(() => act(() => notifications.clean()));

const container = () => document.querySelector('.mantine-Notifications-root');

describe('ToastHost', () => {
  it('draws nothing until the first toast is asked for, then shows it', async () => {
    render(
      <MantineProvider env="test">
        <ToastHost />
      </MantineProvider>,
    );
    await act(() => loadToasts);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(container()).toBeNull();

    act(() => showSuccessToast({ message: 'Your request is saved.' }));
    expect(await screen.findByText('Your request is saved.')).toBeInTheDocument();
    expect(container()).not.toBeNull();
  });
});
