import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../../client/ui/test-render';
import { addDays, londonDate, startOfWeek } from '../../../../shared/dates';
import type { Timeline } from '../../leave-insights.contract';
import { absence, CARL, ELLA, EMPLOYEE, listOf, OFFICE, OLLY, OPERATIONS, signIn } from '../absence/absence-test-data';
import { TimelinePage } from '../timeline-page';
import { agendaLabel } from './timeline-model';

const server = mockApi();
const monday = startOfWeek(londonDate(new Date()));
const day = (offset: number) => addDays(monday, offset);

const ellaLeave = absence({ user: ELLA, start_date: day(0), end_date: day(1), status: 'approved' });
const carlMorning = absence({
  user: CARL,
  start_date: day(2),
  end_date: day(2),
  duration_type: 'half_day',
  half_day_part: 'morning',
  status: 'pending',
});
// The caller may not see what kind of absence Olly's is.
const ollyAway = { ...absence({ user: OLLY, start_date: day(3), end_date: day(3), status: 'approved' }), leave_type: null };

function timeline(from: string, to: string): Timeline {
  return {
    from,
    to,
    people: [
      { ...ELLA, region: 'england-and-wales' },
      { ...CARL, region: 'england-and-wales' },
      { ...OLLY, region: 'scotland' },
    ],
    absences: [ellaLeave, carlMorning, ollyAway as never],
    bank_holidays: [
      { id: `scotland:${day(4)}`, date: day(4), name: 'St Andrew’s Day', region: 'scotland', projected: false, company_added: false },
    ],
    blocked: [
      {
        id: 'b1',
        name: 'Stock take',
        start_date: day(1),
        end_date: day(1),
        department_id: OPERATIONS.id,
        department_name: OPERATIONS.name,
        notes: null,
      },
    ],
  };
}

function serve() {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('/api/absence-timeline', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      return HttpResponse.json(timeline(params.get('from') ?? '', params.get('to') ?? ''));
    }),
    http.get('/api/departments', () => listOf([OPERATIONS, OFFICE])),
  );
  return { queries };
}

const realMatchMedia = window.matchMedia;
function phone() {
  window.matchMedia = ((query: string) => ({ ...realMatchMedia(query), matches: query.includes('max-width') })) as typeof window.matchMedia;
}

beforeEach(() => {
  localStorage.clear();
  signIn(EMPLOYEE);
});
afterEach(() => {
  window.matchMedia = realMatchMedia;
});

describe('the team timeline (/leave-and-absences/timeline)', () => {
  it('asks for this week and draws bars, half days, pending stripes, shading and "Away"', async () => {
    const { queries } = serve();
    renderWithApp(<TimelinePage />, { path: '/leave-and-absences/timeline' });
    await screen.findByRole('table');
    expect(queries[0]?.get('from')).toBe(day(0));
    expect(queries[0]?.get('to')).toBe(day(6));

    const ella = screen.getByRole('link', { name: /^Ella Evans — Annual leave/ });
    expect(ella).toHaveAttribute('href', `/absence/${ellaLeave.id}`);
    // One link per absence per row; the second day only repeats the title.
    expect(screen.getAllByRole('link', { name: /^Ella Evans/ })).toHaveLength(1);
    expect(screen.getByTestId(`cell-${ELLA.id}-${day(1)}`).querySelector('[title^="Ella Evans"]')).not.toBeNull();

    const carl = screen.getByRole('link', { name: /^Carl Cole — Annual leave.*\(Pending\)/ });
    expect(carl.getAttribute('style')).toContain('repeating-linear-gradient');
    expect(carl.getAttribute('style')).toContain('width: calc(50% - 1px)');
    expect(ella.getAttribute('style')).not.toContain('repeating-linear-gradient');

    // Olly's kind of absence is hidden: "Away", and no link.
    expect(screen.getByRole('img', { name: /^Olly Owen — Away/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Olly Owen/ })).not.toBeInTheDocument();

    // Olly is in Scotland: St Andrew's Day is his, not Ella's. The blocked day is Operations'.
    expect(screen.getByTestId(`cell-${OLLY.id}-${day(4)}`)).toHaveAttribute('title', 'Bank holiday: St Andrew’s Day');
    expect(screen.getByTestId(`cell-${ELLA.id}-${day(4)}`)).not.toHaveAttribute('title');
    expect(screen.getByTestId(`cell-${ELLA.id}-${day(1)}`)).toHaveAttribute('title', 'Blocked: Stock take');
    expect(screen.getByTestId(`cell-${OLLY.id}-${day(1)}`)).not.toHaveAttribute('title');
    expect(screen.getByTestId(`cell-${ELLA.id}-${day(5)}`)).toHaveAttribute('data-shade', 'weekend');

    const key = screen.getByRole('list', { name: 'Key' });
    for (const label of ['Annual leave', 'Away', 'Waiting for approval', 'Bank holiday', 'Blocked dates', 'Weekend']) {
      expect(within(key).getByText(label)).toBeInTheDocument();
    }
  });

  it('moves a week at a time and switches to the month', async () => {
    const { queries } = serve();
    renderWithApp(<TimelinePage />, { path: '/leave-and-absences/timeline' });
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(queries.at(-1)?.get('from')).toBe(day(7)));
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(queries.at(-1)?.get('from')).toBe(day(0)));
    fireEvent.click(screen.getByRole('radio', { name: 'Month' }));
    await waitFor(() => expect(queries.at(-1)?.get('from')).toMatch(/-01$/));
  });

  it('shows the week as a day-by-day agenda on a phone', async () => {
    phone();
    serve();
    renderWithApp(<TimelinePage />, { path: '/leave-and-absences/timeline' });
    const agenda = await screen.findByRole('list', { name: 'Who is off, day by day' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const days = within(agenda).getAllByRole('listitem');
    expect(days).toHaveLength(7);
    expect(within(days[0]!).getByRole('heading', { name: agendaLabel(day(0)) })).toBeInTheDocument();
    expect(within(days[0]!).getByRole('link', { name: `${agendaLabel(day(0))}: Ella Evans — Annual leave` })).toHaveAttribute(
      'href',
      `/absence/${ellaLeave.id}`,
    );
    expect(within(days[2]!).getByText('Carl Cole — Annual leave (morning)')).toBeInTheDocument();
    expect(within(days[3]!).getByText('Olly Owen — Away')).toBeInTheDocument();
    expect(within(days[4]!).getByText('Bank holiday: St Andrew’s Day')).toBeInTheDocument();
    expect(within(days[6]!).getByText('Nobody is off.')).toBeInTheDocument();
  });
});
