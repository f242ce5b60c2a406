import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../../client/ui/test-render';
import type { AbsencePeriod } from '../../leave-balances.contract';
import { ANNUAL, ME, signInAs } from '../request/test-support';
import { MY_BALANCE_TITLE, MyBalanceWidget } from './my-balance-widget';

const server = mockApi();
const period: AbsencePeriod = {
  id: 'p1',
  user_id: ME,
  start_date: '2026-01-01',
  end_date: '2026-12-31',
  unit: 'days',
  template_id: null,
  template_name: 'Statutory (5.6 weeks)',
  is_current: true,
  holiday_pay: null,
  values: [
    {
      id: 'v1',
      period_id: 'p1',
      user_id: ME,
      leave_type: { id: ANNUAL, key: 'annual_leave', name: 'Annual leave', colour: 'green', paid: true, deducted: true },
      unit: 'days',
      entitlement: 28,
      carried_over: 0,
      carry_over_expires_on: null,
      sickness_carry_overs: [],
      balance: 20,
      pending: 1.5,
      available: 18.5,
      bank_holidays: 0,
      adjusted: 0,
      taken: 8,
      booked: 0,
    },
  ],
};

beforeEach(() => signInAs());

describe('the "My leave balance" widget', () => {
  it('shows annual leave available of the year’s total with a way to request leave', async () => {
    server.use(http.get('/api/user-absence-period', () => HttpResponse.json({ results: [period], count: 1, next_offset: 1 })));
    renderWithApp(<MyBalanceWidget />);
    expect(await screen.findByRole('heading', { name: MY_BALANCE_TITLE })).toBeInTheDocument();
    expect(screen.getByText('18.5')).toBeInTheDocument();
    expect(screen.getByText('days of annual leave available of 28 days')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request leave' })).toHaveAttribute('href', '/leave-and-absences/request');
  });

  it('renders nothing for someone without a leave year', async () => {
    let asked = 0;
    server.use(
      http.get('/api/user-absence-period', () => {
        asked += 1;
        return HttpResponse.json({ results: [], count: 0, next_offset: 0 });
      }),
    );
    const { container } = renderWithApp(<MyBalanceWidget />);
    await waitFor(() => expect(asked).toBe(1));
    await waitFor(() => expect(container.querySelector('section')).toBeNull());
    expect(screen.queryByText(MY_BALANCE_TITLE)).not.toBeInTheDocument();
  });

  it('renders nothing, and says nothing, when refused', async () => {
    let asked = 0;
    server.use(
      http.get('/api/user-absence-period', () => {
        asked += 1;
        return HttpResponse.json({ message: 'Forbidden' }, { status: 403 });
      }),
    );
    renderWithApp(<MyBalanceWidget />);
    // Only once the refusal has arrived can "nothing" be told apart from "not loaded yet".
    await waitFor(() => expect(asked).toBeGreaterThan(0));
    await waitFor(() => expect(document.querySelector('[aria-hidden="true"].mantine-Paper-root')).toBeNull());
    expect(screen.queryByText('Error occurred')).not.toBeInTheDocument();
    expect(screen.queryByText(MY_BALANCE_TITLE)).not.toBeInTheDocument();
  });
});
