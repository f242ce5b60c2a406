import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../../client/ui/test-render';
import type { AbsencePeriod, PeriodValue, ValueLog } from '../../leave-balances.contract';
import { BalancesPage } from '../balances-page';
import { ANNUAL, grants, ME, signInAs } from '../request/test-support';

const server = mockApi();
const VALUE_ID = '0b6f1c0e-0000-4000-8000-0000000000d1';
const PERIOD_ID = '0b6f1c0e-0000-4000-8000-0000000000e1';

const annual: PeriodValue = {
  id: VALUE_ID,
  period_id: PERIOD_ID,
  user_id: ME,
  leave_type: { id: ANNUAL, key: 'annual_leave', name: 'Annual leave', colour: 'green', paid: true, deducted: true },
  unit: 'days',
  entitlement: 28,
  carried_over: 2,
  carry_over_expires_on: '2026-03-31',
  sickness_carry_overs: [],
  balance: 16,
  pending: 4,
  available: 12,
  bank_holidays: 0,
  adjusted: 0,
  taken: 10,
  booked: 4,
};
const period = (values: PeriodValue[] = [annual]): AbsencePeriod => ({
  id: PERIOD_ID,
  user_id: ME,
  start_date: '2026-01-01',
  end_date: '2026-12-31',
  unit: 'days',
  template_id: null,
  template_name: 'Statutory (5.6 weeks)',
  is_current: true,
  holiday_pay: null,
  values,
});
const log: ValueLog = {
  id: 'l1',
  value_id: VALUE_ID,
  change: 28,
  kind: 'entitlement',
  reason: 'Statutory (5.6 weeks) for 2026',
  hours_worked: null,
  absence_id: null,
  actor_name: null,
  created_at: '2026-01-01T00:05:00Z',
};

function serve(current: AbsencePeriod | null = period()) {
  const posted: unknown[] = [];
  let answer = current;
  server.use(
    http.get('/api/user-absence-period', () =>
      HttpResponse.json({ results: answer ? [answer] : [], count: answer ? 1 : 0, next_offset: 1 }),
    ),
    http.get('/api/user-absence-period-value-log', () => HttpResponse.json({ results: [log], count: 1, next_offset: 1 })),
    http.get('/api/user-basic', () => HttpResponse.json({ results: [], count: 0, next_offset: 0 })),
    http.post('/api/user-absence-period-value-log', async ({ request }) => {
      posted.push(await request.json());
      answer = period([{ ...annual, available: 10.5, balance: 14.5 }]);
      return HttpResponse.json({ ...log, id: 'l2' }, { status: 201 });
    }),
    http.post('/api/create-new-period', () => HttpResponse.json({ message: 'The next leave year is already open.' }, { status: 409 })),
  );
  return posted;
}

const HR = [
  ...grants('/api/user-absence-period', 'company'),
  ...grants('/api/user-absence-period-value-log', 'company'),
  ...grants('/api/user-absence-policy', 'company'),
  ...grants('/api/create-new-period', 'company'),
];

describe('the balances page', () => {
  it('shows the year’s numbers for one’s own balance, read-only for an employee', async () => {
    signInAs(grants('/api/user-absence-period', 'own', ['GET']));
    serve();
    renderWithApp(<BalancesPage />);
    const card = await screen.findByRole('region', { name: 'Annual leave' });
    expect(screen.getByRole('heading', { name: 'My leave balances' })).toBeInTheDocument();
    expect(within(card).getByTestId('available')).toHaveTextContent('12');
    expect(card).toHaveTextContent('days available of 30 days');
    expect(card).toHaveTextContent('Carried over2 days (until 31/03/2026)');
    expect(card).toHaveTextContent('Taken10 days');
    expect(card).toHaveTextContent('Pending4 days');
    expect(screen.getByText(/Leave year 01\/01\/2026 to 31\/12\/2026 · Policy: Statutory/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Adjust Annual leave' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign policy' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request leave' })).toHaveAttribute('href', '/leave-and-absences/request');
    fireEvent.click(within(card).getByRole('button', { name: 'History of Annual leave' }));
    expect(await screen.findByText('+28 days · Entitlement')).toBeInTheDocument();
    expect(screen.getByText('Statutory (5.6 weeks) for 2026')).toBeInTheDocument();
  });

  it('WTR reg 13(10), 16 and 16A: shows leave carried after sickness with its last day, the holiday-pay reference and rolled-up pay', async () => {
    signInAs(grants('/api/user-absence-period', 'own', ['GET']));
    const sick = { amount: 10, arose_start: '2025-01-01', arose_end: '2025-12-31', expires_on: '2027-06-30', expired: false };
    serve({
      ...period([{ ...annual, sickness_carry_overs: [sick], balance: 26, available: 22 }]),
      holiday_pay: {
        reference: { average_weekly_hours: 18, weeks_counted: 52, total_hours: 936, from: '2025-06-02', to: '2026-05-31' },
        rolled_up: { hours_worked: 120, holiday_pay_hours: 14.48 },
      },
    });
    renderWithApp(<BalancesPage />);
    const card = await screen.findByRole('region', { name: 'Annual leave' });
    expect(card).toHaveTextContent('days available of 40 days');
    expect(card).toHaveTextContent('Carried over after sickness10 days (until 30/06/2027)');
    const pay = screen.getByRole('region', { name: 'Holiday pay' });
    expect(within(pay).getByTestId('holiday-pay-reference')).toHaveTextContent('18 hours a week');
    expect(pay).toHaveTextContent('Average over 52 weeks worked, 02/06/2025 to 31/05/2026, including paid overtime');
    expect(within(pay).getByTestId('rolled-up-holiday-pay')).toHaveTextContent('14.48 hours’ pay');
    expect(pay).toHaveTextContent('12.07% of 120 hours worked this leave year');
  });

  it('says when no leave year is open', async () => {
    signInAs(grants('/api/user-absence-period', 'own', ['GET']));
    serve(null);
    renderWithApp(<BalancesPage />);
    expect(await screen.findByText('No leave year is open yet.')).toBeInTheDocument();
  });

  it('lets HR adjust a balance, checking the change and the reason first', async () => {
    signInAs(HR);
    const posted = serve();
    renderWithApp(<BalancesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Adjust Annual leave' }));
    const form = await screen.findByRole('form', { name: 'Adjust balance' });
    const change = within(form).getByRole('textbox', { name: /Change \(days\)/ });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(change).toHaveAccessibleDescription(/Field is required\./));
    expect(within(form).getByRole('textbox', { name: /Reason/ })).toHaveAccessibleDescription(/Field is required\./);
    fireEvent.change(change, { target: { value: '1.3' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Extra day for the move' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(change).toHaveAccessibleDescription(/Use quarter hours/));
    fireEvent.change(change, { target: { value: '-1.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Balance adjusted.')).toBeInTheDocument();
    expect(posted).toEqual([
      { value_id: VALUE_ID, kind: 'adjustment', change: -1.5, hours_worked: null, reason: 'Extra day for the move' },
    ]);
    await waitFor(() => expect(screen.getByTestId('available')).toHaveTextContent('10.5'));
  });

  it('asks before opening the next leave year and shows the server’s refusal', async () => {
    signInAs(HR);
    serve();
    renderWithApp(<BalancesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open next leave year' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open next leave year' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open next leave year' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The next leave year is already open.');
  });
});
