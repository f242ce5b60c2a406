import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../../client/ui/test-render';
import { AbsencePage } from '../absence-page';
import { absenceDetail, MANAGER, SICKNESS, signIn } from './absence-test-data';

const server = mockApi();
beforeEach(() => localStorage.clear());

describe('Statutory Sick Pay on a sickness absence', () => {
  it('shows the SSP days, amount, weekly rate and the notes the server gave', async () => {
    signIn(MANAGER);
    const detail = absenceDetail({
      leave_type: SICKNESS,
      start_date: '2026-05-04',
      end_date: '2026-05-17',
      sick_pay: {
        paid_days: 6,
        waiting_days: 0,
        amount: 155.2,
        weekly_rate: 77.6,
        linked_from: null,
        weeks_used: 2,
        maximum_reached_on: null,
        notes: ['Paid at 80% of average weekly earnings of £97.00: £77.60 a week, below the standard £123.25.'],
        days: [],
      },
    });
    server.use(http.get('/api/user-absence/:id', () => HttpResponse.json(detail)));
    renderWithApp(<AbsencePage id={detail.id} />, { path: `/absence/${detail.id}` });
    const panel = await screen.findByRole('region', { name: 'Statutory Sick Pay' });
    expect(panel).toHaveTextContent('SSP days6 days');
    expect(panel).toHaveTextContent('SSP amount£155.20');
    expect(panel).toHaveTextContent('Weekly rate£77.60');
    expect(panel).toHaveTextContent('below the standard £123.25');
    expect(panel).not.toHaveTextContent('Waiting days');
  });

  it('shows no SSP panel for other leave', async () => {
    signIn(MANAGER);
    const detail = absenceDetail({ sick_pay: null });
    server.use(http.get('/api/user-absence/:id', () => HttpResponse.json(detail)));
    renderWithApp(<AbsencePage id={detail.id} />, { path: `/absence/${detail.id}` });
    await screen.findByText('Leave type');
    expect(screen.queryByRole('region', { name: 'Statutory Sick Pay' })).toBeNull();
  });
});
