// A notice's page: the body as the server cleaned it, the acknowledgement (recorded, or
// waiting to sync when the outbox kept it), and the read receipts for those who manage it.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../../client/auth/token-store';
import { mockApi, renderWithApp } from '../../../client/ui/test-render';
import type { PermissionEntry } from '../../../shared/scopes';
import type { Notice, NoticeReceipts } from '../notices.contract';
import { NoticePage } from './notice-page';

const server = mockApi();

const NOTICE: Notice = {
  id: '7d8a3c52-4a1e-4b8e-9d51-0c7e6f2b1a11',
  title: 'New fire assembly point',
  body: '<p>Meet on the <strong>green</strong>.</p>',
  audience: 'everyone',
  department_ids: [],
  location_ids: [],
  audience_names: [],
  publish_at: '2026-11-20T09:00:00.000Z',
  published_at: '2026-11-20T09:00:00.000Z',
  expires_on: null,
  pinned: true,
  acknowledgement_required: true,
  send_email: false,
  state: 'current',
  author: { id: 'a1', first_name: 'Olivia', surname: 'Owen' },
  read_at: '2026-11-21T09:00:00.000Z',
  acknowledged_at: null,
  can_manage: false,
  reminded_at: null,
  created_at: '2026-11-20T09:00:00.000Z',
};

const signIn = (permissions: PermissionEntry[]) => localStorage.setItem('permissions', JSON.stringify(permissions));
const EMPLOYEE: PermissionEntry[] = (['GET', 'POST'] as const).map((method) => ({ endpoint: '/api/notices', method, type: 'own' }));
const OWNER: PermissionEntry[] = (['GET', 'POST', 'PUT', 'DELETE'] as const).map((method) => ({
  endpoint: '/api/notices',
  method,
  type: 'company',
}));

const open = () => renderWithApp(<NoticePage id={NOTICE.id} />, { path: `/notice/${NOTICE.id}` });

beforeEach(() => localStorage.clear());

describe('a notice (/notice/{id})', () => {
  it('shows the body and records the acknowledgement', async () => {
    signIn(EMPLOYEE);
    let acknowledged = 0;
    server.use(
      http.get('/api/notices/:id', () =>
        HttpResponse.json(acknowledged ? { ...NOTICE, acknowledged_at: '2026-11-22T10:15:00.000Z' } : NOTICE),
      ),
      http.post('/api/notices/:id/acknowledge', () => {
        acknowledged += 1;
        return HttpResponse.json({ ...NOTICE, acknowledged_at: '2026-11-22T10:15:00.000Z' });
      }),
    );
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'New fire assembly point' })).toBeInTheDocument();
    expect(screen.getByText('green').tagName).toBe('STRONG');
    expect(screen.queryByRole('region', { name: 'Read receipts' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'I have read and understood' }));
    expect(await screen.findByText('You acknowledged this notice on 22/11/2026 10:15.')).toBeInTheDocument();
    expect(acknowledged).toBe(1);
  });

  it('tells its author they published it, not that they acknowledged it', async () => {
    signIn(EMPLOYEE);
    const claims = btoa(JSON.stringify({ user_id: 'a1', first_name: 'Olivia', exp: 4102444800 })).replace(/=+$/, '');
    setToken(`e30.${claims}.sig`);
    server.use(http.get('/api/notices/:id', () => HttpResponse.json({ ...NOTICE, acknowledged_at: '2026-11-20T09:00:00.000Z' })));
    open();
    expect(await screen.findByText('You published this notice. The people it is for are asked to acknowledge it.')).toBeInTheDocument();
    expect(screen.queryByText(/You acknowledged this notice/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I have read and understood' })).not.toBeInTheDocument();
  });

  it('says the acknowledgement waits to sync when the outbox kept it', async () => {
    signIn(EMPLOYEE);
    server.use(
      http.get('/api/notices/:id', () => HttpResponse.json(NOTICE)),
      http.post('/api/notices/:id/acknowledge', () => HttpResponse.json({ queued: true, idempotency_key: 'k' }, { status: 202 })),
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'I have read and understood' }));
    expect(await screen.findByText('Your acknowledgement will be sent when you are back online.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I have read and understood' })).not.toBeInTheDocument();
  });

  it('shows its managers who has and has not acknowledged it, and the one reminder', async () => {
    signIn(OWNER);
    const receipts: NoticeReceipts = {
      audience: 2,
      read: 1,
      acknowledged: 1,
      results: [
        {
          user: { id: 'u1', first_name: 'Ella', surname: 'Evans' },
          department: 'Operations',
          read_at: NOTICE.published_at,
          acknowledged_at: NOTICE.published_at,
        },
        { user: { id: 'u2', first_name: 'Colin', surname: 'Cole' }, department: 'Operations', read_at: null, acknowledged_at: null },
      ],
    };
    server.use(
      http.get('/api/notices/:id/receipts', () => HttpResponse.json(receipts)),
      http.get('/api/notices/:id', () => HttpResponse.json({ ...NOTICE, can_manage: true })),
    );
    open();
    expect(await screen.findByText('Read by 1 of 2 · Acknowledged by 1 of 2')).toBeInTheDocument();
    expect(screen.getByText('Ella Evans')).toBeInTheDocument();
    expect(screen.getByText('Colin Cole')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Not acknowledged'));
    await waitFor(() => expect(screen.queryByText('Ella Evans')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Remind the rest' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/notice/${NOTICE.id}/edit`);
  });
});
