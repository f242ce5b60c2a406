import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { NotificationsPage } from '../../shared/notifications.contract';
import { apiFetch } from '../api/api-client';
import { NOTHING_PENDING } from './menu/menu-test-context';
import { mockApi, renderWithApp } from '../ui/test-render';
import type { ClientModule } from './client-module';
import { ClientModulesProvider } from './client-modules';
import { HomePage } from './home-page';

const server = mockApi();

const NO_NOTIFICATIONS: NotificationsPage = { results: [], count: 0, next_offset: 0, unread: 0 };

const drawn = { fast: 0 };

function card(name: string, path: string) {
  return function Card() {
    if (path === '/api/fast') drawn.fast += 1;
    const { data } = useQuery({ queryKey: [path], queryFn: () => apiFetch<{ text: string }>(path) });
    return data ? <Text>{`${name}: ${data.text}`}</Text> : null;
  };
}

const cards: ClientModule = {
  name: 'cards',
  widgets: [
    { key: 'slow', order: 1, component: card('Slow card', '/api/slow') },
    { key: 'fast', order: 2, component: card('Fast card', '/api/fast') },
  ],
};

describe('the dashboard on a slow connection', () => {
  it('shows its cards together once their reads have answered, a placeholder standing in until then, so none pushes another down', async () => {
    let answerSlow: () => void = () => undefined;
    const slowAnswered = new Promise<void>((resolve) => (answerSlow = resolve));
    server.use(
      http.get('/api/pending-count', () => HttpResponse.json(NOTHING_PENDING)),
      http.get('/api/notifications', () => HttpResponse.json(NO_NOTIFICATIONS)),
      http.get('/api/fast', () => HttpResponse.json({ text: 'here' })),
      http.get('/api/slow', async () => {
        await slowAnswered;
        return HttpResponse.json({ text: 'here at last' });
      }),
    );
    renderWithApp(
      <ClientModulesProvider modules={[cards]}>
        <HomePage />
      </ClientModulesProvider>,
    );

    const fast = await screen.findByText('Fast card: here');
    expect(fast).not.toBeVisible();
    expect(screen.getByText("You're all caught up")).not.toBeVisible();
    expect(screen.getByTestId('dashboard-placeholder')).toBeInTheDocument();

    const fastDrawn = drawn.fast;
    answerSlow();
    await waitFor(() => expect(screen.getByText('Slow card: here at last')).toBeVisible());
    expect(screen.getByText('Fast card: here')).toBeVisible();
    // Shown, not drawn again: a phone drew every card once more when the placeholder went.
    expect(drawn.fast).toBe(fastDrawn);
    expect(screen.getByText("You're all caught up")).toBeVisible();
    expect(screen.queryByTestId('dashboard-placeholder')).not.toBeInTheDocument();
  });
});
