// The company frame's first reads, over every module the app registers: the frame's route starts
// them as one GET /api/batch, and the frame drawn with every module's banners and tools asks for
// nothing more of its own (the lesson of the to-do resolver: a mechanism is done when every part
// uses it, so a part of the frame that reads without naming its read fails here).
import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../client/api/query-client';
import { clearToken, setToken } from '../../client/auth/token-store';
import { tokenFor } from '../../client/realtime/realtime-test-support';
import { ClientModulesProvider } from '../../client/shell/client-modules';
import { startFrameReads } from '../../client/shell/frame-reads';
import { SignedInLayout } from '../../client/shell/signed-in-layout';
import { mockApi, renderWithApp } from '../../client/ui/test-render';
import { clientModules } from './modules';

vi.mock('../../client/offline/offline-session', () => ({ startOfflineSession: () => Promise.resolve() }));
vi.stubGlobal('__APP_VERSION__', '0.0.0-test');
vi.stubGlobal('__BUILD_ID__', 'test');

const server = mockApi();

/** What the demo's owner may do, as far as the frame's parts ask: every endpoint, read and written. */
const EVERYTHING = ['/api/chat', '/api/document', '/api/user-basic', '/api/user-absence', '/api/notice', '/api/incident'].flatMap(
  (endpoint) => ['GET', 'POST'].map((method) => ({ endpoint, method, scope: 'company' })),
);

/** A plausible answer to each of the frame's reads, by path. */
function answerFor(read: string): { status: number; body: unknown } {
  const path = read.split('?')[0] ?? '';
  if (path === '/api/notifications') return { status: 200, body: { results: [], count: 0, unread: 0 } };
  if (path === '/api/version') return { status: 200, body: { version: '1.0.0', app_store_url: null, play_store_url: null } };
  if (path === '/api/alerts') return { status: 200, body: { results: [], count: 0 } };
  if (path === '/api/pending-count') return { status: 200, body: {} };
  if (path.startsWith('/api/company-settings/')) return { status: 200, body: {} };
  if (path.startsWith('/api/user-settings/')) return { status: 200, body: {} };
  return { status: 404, body: { message: `No answer for ${read} in this test.` } };
}

beforeEach(() => {
  localStorage.clear();
  setToken(tokenFor());
  localStorage.setItem('permissions', JSON.stringify(EVERYTHING));
});
afterEach(() => clearToken());

describe("the company frame's first reads", () => {
  it('go out as one batch as its route loads, and the frame drawn with every module asks nothing more of its own', async () => {
    const requests: string[] = [];
    const batches: string[][] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      requests.push(url.pathname);
      if (url.pathname === '/api/batch') batches.push(url.searchParams.getAll('read[]'));
    });
    server.use(
      http.get('/api/batch', ({ request }) =>
        HttpResponse.json({ answers: new URL(request.url).searchParams.getAll('read[]').map(answerFor) }),
      ),
      // Not the frame's first reads: the avatar's picture (a file, not a batch's JSON), the chat
      // launcher's list (its code arrives after the frame's first drawing), the files to sign
      // (read only once the pending count says some wait).
      http.get('/api/users/:id/profile-image', () => new HttpResponse(null, { status: 404 })),
      http.get('/api/chat/conversations', () => HttpResponse.json({ results: [] })),
    );
    const queryClient = createQueryClient();
    startFrameReads(queryClient, clientModules);
    renderWithApp(
      <ClientModulesProvider modules={clientModules}>
        <SignedInLayout page={<h1>The page</h1>} />
      </ClientModulesProvider>,
      { queryClient },
    );
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/API 1\.0\.0/)).toBeInTheDocument());
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));

    // The menus' (company settings, overtime settings, the pending counts), the bell's, the version line's, the alert banners'.
    expect(batches).toEqual([
      [
        '/api/company-settings/c1',
        '/api/user-settings/u1',
        '/api/pending-count',
        '/api/notifications?page=1',
        '/api/version',
        '/api/alerts?limit=100',
      ],
    ]);
    expect(requests.filter((path) => path !== '/api/batch' && !OUTSIDE_THE_BATCH.test(path))).toEqual([]);
  });
});

const OUTSIDE_THE_BATCH = /^\/api\/(users\/[^/]+\/profile-image|chat\/conversations)$/;
