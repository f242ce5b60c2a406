// Reads started together go out as one GET /api/batch and each settles as its own GET would: its
// data under its own key, or its ApiError. What the batch brought is read by a component mounting
// just after it, without asking again; an invalidation still refreshes it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../auth/token-store';
import { mockApi, renderWithApp } from '../ui/test-render';
import { apiFetch, isApiError } from './api-client';
import { createQueryClient } from './query-client';
import { queryRead, startReadsTogether } from './read-batch';
import { startQuery } from './start-query';
import { createRealtimeEventHandler } from '../realtime/realtime-events';

const server = mockApi();
afterEach(() => server.events.removeAllListeners());
beforeEach(() => {
  localStorage.clear();
  setToken('x.e30.y');
});

const teamQuery = () =>
  queryOptions({
    queryKey: ['team', 'ops'],
    queryFn: ({ signal }) => apiFetch<{ name: string }>('/api/team', { signal, query: { dept: 'ops' } }),
  });
const secretQuery = () =>
  queryOptions({
    queryKey: ['secret'],
    queryFn: ({ signal }) => apiFetch<{ code: string }>('/api/secret', { signal }),
    retry: false,
    meta: { errorToast: false },
  });

/** The team's name, read when it mounts. */
function Team() {
  const { data } = useQuery(teamQuery());
  return <p>{data?.name}</p>;
}
/** Mounts the team on a click: a component arriving after reads have started. */
function Later() {
  const [shown, setShown] = useState(false);
  return shown ? <Team /> : <button onClick={() => setShown(true)}>Show the team</button>;
}

function countRequests(): string[] {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => seen.push(`${new URL(request.url).pathname}${new URL(request.url).search}`));
  return seen;
}

describe('reads started together', () => {
  it('go out as one batch naming each read’s address, and each query gets its own answer: data, or its route’s refusal', async () => {
    const seen = countRequests();
    let reads: string[] = [];
    server.use(
      http.get('/api/batch', ({ request }) => {
        reads = new URL(request.url).searchParams.getAll('read[]');
        return HttpResponse.json({
          answers: [
            { status: 200, body: { name: 'Operations' } },
            { status: 403, body: { message: 'Not yours.' } },
          ],
        });
      }),
    );
    const queryClient = createQueryClient();
    startReadsTogether(queryClient, [queryRead(teamQuery()), queryRead(secretQuery())]);

    await waitFor(() => expect(queryClient.getQueryState(['secret'])?.status).toBe('error'));
    expect(seen).toHaveLength(1);
    expect(reads).toEqual(['/api/team?dept=ops', '/api/secret']);
    expect(queryClient.getQueryData(teamQuery().queryKey)).toEqual({ name: 'Operations' });
    const refusal = queryClient.getQueryState(['secret'])?.error;
    expect(isApiError(refusal, 403)).toBe(true);
    expect((refusal as Error).message).toBe('Not yours.');
  });

  it('leave their answers to a component mounting after they landed, which asks nothing more until they are invalidated', async () => {
    const seen = countRequests();
    server.use(
      http.get('/api/batch', () =>
        HttpResponse.json({
          answers: [
            { status: 200, body: { name: 'Operations' } },
            { status: 200, body: { code: '42' } },
          ],
        }),
      ),
      http.get('/api/team', () => HttpResponse.json({ name: 'Operations, renamed' })),
    );
    const { queryClient } = renderWithApp(<Later />);
    startReadsTogether(queryClient, [queryRead(teamQuery()), queryRead(secretQuery())]);
    await waitFor(() => expect(queryClient.getQueryData(['secret'])).toEqual({ code: '42' }));

    fireEvent.click(await screen.findByRole('button', { name: 'Show the team' }));
    expect(await screen.findByText('Operations')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/^\/api\/batch\?/);

    await queryClient.invalidateQueries({ queryKey: ['team'] });
    expect(await screen.findByText('Operations, renamed')).toBeInTheDocument();
    expect(seen.slice(1)).toEqual(['/api/team?dept=ops']);
  });

  it('send a lone read as its own GET, and fail every read alike when the network does', async () => {
    const seen = countRequests();
    server.use(http.get('/api/team', () => HttpResponse.json({ name: 'Operations' })));
    const queryClient = createQueryClient();
    startReadsTogether(queryClient, [queryRead(teamQuery())]);
    await waitFor(() => expect(queryClient.getQueryData(['team', 'ops'])).toEqual({ name: 'Operations' }));
    expect(seen).toEqual(['/api/team?dept=ops']);

    server.use(http.get('/api/batch', () => HttpResponse.error()));
    const offline = createQueryClient();
    startReadsTogether(offline, [queryRead({ ...teamQuery(), retry: false }), queryRead(secretQuery())]);
    await waitFor(() => expect(offline.getQueryState(['team', 'ops'])?.status).toBe('error'));
    await waitFor(() => expect(offline.getQueryState(['secret'])?.status).toBe('error'));
    expect(offline.getQueryState(['secret'])?.error).toBeInstanceOf(TypeError);
  });
});

describe("a route loader's read (startQuery)", () => {
  it('is read by the page mounting as it lands, which asks nothing more', async () => {
    const seen = countRequests();
    server.use(http.get('/api/team', () => HttpResponse.json({ name: 'Operations' })));
    const { queryClient } = renderWithApp(<Later />);
    startQuery(queryClient, teamQuery());
    await waitFor(() => expect(queryClient.getQueryData(['team', 'ops'])).toEqual({ name: 'Operations' }));

    fireEvent.click(await screen.findByRole('button', { name: 'Show the team' }));
    expect(await screen.findByText('Operations')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen).toEqual(['/api/team?dept=ops']);
  });

  it('leaves data the device already had to be refreshed as the page mounts', async () => {
    const seen = countRequests();
    server.use(http.get('/api/team', () => HttpResponse.json({ name: 'Operations, now' })));
    const { queryClient } = renderWithApp(<Later />);
    queryClient.setQueryData(['team', 'ops'], { name: 'Operations, restored' }, { updatedAt: Date.now() - 60_000 });
    startQuery(queryClient, teamQuery());

    fireEvent.click(await screen.findByRole('button', { name: 'Show the team' }));
    expect(await screen.findByText('Operations, now')).toBeInTheDocument();
    expect(seen).toEqual(['/api/team?dept=ops']);
  });
});

describe('a reset of realtime (the catch-up after a connection)', () => {
  it('reads everything on screen again as one batch, each query getting its own answer', async () => {
    const seen = countRequests();
    server.use(
      http.get('/api/team', () => HttpResponse.json({ name: 'Operations' })),
      http.get('/api/secret', () => HttpResponse.json({ code: '1' })),
      http.get('/api/batch', () =>
        HttpResponse.json({
          answers: [
            { status: 200, body: { name: 'Operations, renamed' } },
            { status: 200, body: { code: '2' } },
          ],
        }),
      ),
    );
    function Both() {
      const team = useQuery(teamQuery());
      const secret = useQuery(secretQuery());
      return (
        <p>
          {team.data?.name} {secret.data?.code}
        </p>
      );
    }
    const { queryClient } = renderWithApp(<Both />);
    expect(await screen.findByText('Operations 1')).toBeInTheDocument();
    expect(seen.sort()).toEqual(['/api/secret', '/api/team?dept=ops']);

    createRealtimeEventHandler(queryClient).handleReset('company-c1');
    expect(await screen.findByText('Operations, renamed 2')).toBeInTheDocument();
    expect(seen.slice(2)).toHaveLength(1);
    expect(seen[2]).toMatch(/^\/api\/batch\?/);
  });
});
