import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../../client/ui/test-render';
import type { Absence } from '../../absences.contract';
import type { WhoAtWork } from '../../leave-insights.contract';
import { absence, ANNUAL, CARL, EMPLOYEE, listOf, MANAGER, signIn } from '../absence/absence-test-data';
import { AwaitingMeWidget } from './awaiting-me-widget';
import { WhosOffWidget } from './whos-off-widget';

const server = mockApi();

beforeEach(() => localStorage.clear());

describe("the dashboard's “Who's off today”", () => {
  const today: WhoAtWork = {
    date: '2025-11-24',
    active_count: 14,
    at_work_count: 12,
    absent: [
      {
        user_id: 'u1',
        name: 'Ella Evans',
        department_name: 'Operations',
        leave_type: ANNUAL,
        start_date: '2025-11-24',
        end_date: '2025-11-26',
        duration_type: 'days',
        half_day_part: null,
      },
      {
        user_id: 'u2',
        name: 'Carl Cole',
        department_name: 'Operations',
        leave_type: null,
        start_date: '2025-11-24',
        end_date: '2025-11-24',
        duration_type: 'half_day',
        half_day_part: 'afternoon',
      },
    ],
  };

  it('counts who is at work and names who is off, "Away" when the kind is hidden', async () => {
    signIn(EMPLOYEE);
    server.use(http.get('/api/who-at-work', () => HttpResponse.json(today)));
    renderWithApp(<WhosOffWidget />);
    expect(await screen.findByText('12 of 14 at work')).toBeInTheDocument();
    const off = screen.getByRole('list', { name: 'Off today' });
    expect(within(off).getByText('Ella Evans — Annual leave')).toBeInTheDocument();
    expect(within(off).getByText('Carl Cole — Away (afternoon)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the timeline' })).toHaveAttribute('href', '/leave-and-absences/timeline');
  });

  it('says when everyone is in', async () => {
    signIn(EMPLOYEE);
    server.use(http.get('/api/who-at-work', () => HttpResponse.json({ ...today, at_work_count: 14, absent: [] })));
    renderWithApp(<WhosOffWidget />);
    expect(await screen.findByText('Everyone is at work today.')).toBeInTheDocument();
    expect(screen.getByText('14 of 14 at work')).toBeInTheDocument();
  });

  it('shows nothing to someone without absences (docs-only) and asks nothing', async () => {
    signIn([{ endpoint: '/api/document', method: 'GET', type: 'own' }]);
    const { container } = renderWithApp(<WhosOffWidget />);
    await waitFor(() => expect(container.querySelector('section')).toBeNull());
  });

  it('hides itself when the server refuses the reading, but says so when it fails', async () => {
    signIn(EMPLOYEE);
    server.use(http.get('/api/who-at-work', () => HttpResponse.json({ code: 'forbidden', message: 'No.' }, { status: 403 })));
    const { container, unmount } = renderWithApp(<WhosOffWidget />);
    await waitFor(() => expect(container.querySelector('section')).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText('Who is off could not be loaded.')).not.toBeInTheDocument();
    unmount();
    server.use(http.get('/api/who-at-work', () => HttpResponse.json({ code: 'server_error', message: 'No.' }, { status: 500 })));
    renderWithApp(<WhosOffWidget />);
    expect(await screen.findByText('Who is off could not be loaded.', undefined, { timeout: 10_000 })).toBeInTheDocument();
  });
});

describe('the dashboard’s “Requests awaiting me”', () => {
  function serve(rows: Absence[], count = rows.length) {
    const queries: URLSearchParams[] = [];
    const approvals: string[] = [];
    server.use(
      http.get('/api/user-absence', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return listOf(rows, count);
      }),
      http.post('/api/user-absence/:id/approve', ({ params }) => {
        approvals.push(String(params.id));
        return HttpResponse.json({});
      }),
    );
    return { queries, approvals };
  }

  it('shows the first five waiting for the caller, with Approve and a link to all of them', async () => {
    signIn(MANAGER);
    const carl = absence({ user: CARL, can_approve: true });
    const { queries, approvals } = serve([carl, absence({ can_approve: true })], 7);
    renderWithApp(<AwaitingMeWidget />);
    const section = await screen.findByRole('region', { name: 'Requests awaiting me' });
    expect(queries[0]?.getAll('status[]')).toEqual(['needApproval']);
    expect(queries[0]?.get('show_relevant_to_me')).toBe('1');
    expect(queries[0]?.get('limit')).toBe('5');
    expect(within(section).getByRole('link', { name: 'See all 7' }).getAttribute('href')).toMatch(/^\/leave-and-absences\/list\?/);
    fireEvent.click(within(section).getByRole('button', { name: 'Approve Carl Cole' }));
    await waitFor(() => expect(approvals).toEqual([carl.id]));
  });

  it('shows nothing when nothing waits', async () => {
    signIn(MANAGER);
    const { queries } = serve([]);
    const { container } = renderWithApp(<AwaitingMeWidget />);
    await waitFor(() => expect(queries).toHaveLength(1));
    expect(container.querySelector('section')).toBeNull();
  });

  it('shows nothing to those who do not approve, and asks nothing', async () => {
    signIn(EMPLOYEE);
    const { queries } = serve([absence({})]);
    const { container } = renderWithApp(<AwaitingMeWidget />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queries).toHaveLength(0);
    expect(container.querySelector('section')).toBeNull();
  });
});
