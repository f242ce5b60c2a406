import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../../client/ui/test-render';
import { NOT_ALLOWED_MESSAGE } from '../../../../client/ui/permission-guard';
import type { PolicyTemplate } from '../../leave-settings.contract';
import { LeaveSettingsPage } from '../leave-settings-page';
import { grants, LEAVE_TYPES, leaveType, signInAs } from '../request/test-support';

const server = mockApi();
const PATH = '/settings/absence-and-leave-settings';
const CUSTOM = leaveType({ id: '0b6f1c0e-0000-4000-8000-0000000000a9', key: null, name: 'Volunteering', deducted: false, colour: 'teal' });
const STATUTORY: PolicyTemplate = {
  id: '0b6f1c0e-0000-4000-8000-0000000000f1',
  name: 'Statutory (5.6 weeks)',
  unit: 'days',
  allowance: 28,
  full_time_days_per_week: 5,
  full_time_hours_per_week: 37.5,
  bank_holidays: 'included',
  accrual: 'upfront',
  carry_over_max: 5,
  carry_over_expiry_months: 3,
  allow_negative: false,
  service_steps: [],
  is_default: true,
  users_count: 7,
};
const SETTINGS = [
  '/api/leave-type',
  '/api/absence-policy-template',
  '/api/blocked-date-period',
  '/api/bank-holidays',
  '/api/company-leave-settings',
];
const HR = SETTINGS.flatMap((endpoint) => grants(endpoint, 'company'));

function serve() {
  const posted: unknown[] = [];
  const list = (results: unknown[]) => HttpResponse.json({ results, count: results.length, next_offset: results.length });
  server.use(
    http.get('/api/leave-type', () => list([...LEAVE_TYPES, CUSTOM])),
    http.get('/api/absence-policy-template', () => list([STATUTORY])),
    http.get('/api/blocked-date-period', () => list([])),
    http.post('/api/absence-policy-template', async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json({ ...STATUTORY, id: 'new' }, { status: 201 });
    }),
    http.delete('/api/leave-type/:id', () =>
      HttpResponse.json({ message: 'This leave type is used by 2 absences. Archive it instead.' }, { status: 409 }),
    ),
  );
  return posted;
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('Leave & Absence Settings', () => {
  it('shows every tab to HR, opening on the leave types with built-ins marked', async () => {
    signInAs(HR);
    serve();
    renderWithApp(<LeaveSettingsPage />, { path: PATH });
    expect(await screen.findByRole('heading', { name: 'Leave types' })).toBeInTheDocument();
    expect(tabNames()).toEqual(['Leave types', 'Policies', 'Blocked dates', 'Bank holidays', 'General']);
    const table = await screen.findByRole('table', { name: 'Leave types' });
    const annualRow = within(table).getByRole('row', { name: /Annual leave/ });
    expect(annualRow).toHaveTextContent('Built-in');
    expect(within(annualRow).queryByRole('button', { name: 'Delete Annual leave' })).not.toBeInTheDocument();
    fireEvent.click(within(table).getByRole('button', { name: 'Delete Volunteering' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete leave type' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This leave type is used by 2 absences. Archive it instead.');
  });

  it('shows only the tabs whose resource the user may read, read-only without writes', async () => {
    signInAs(grants('/api/blocked-date-period', 'company', ['GET']));
    serve();
    renderWithApp(<LeaveSettingsPage />, { path: PATH });
    expect(await screen.findByText('No blocked dates yet.')).toBeInTheDocument();
    expect(tabNames()).toEqual(['Blocked dates']);
    expect(screen.queryByRole('button', { name: 'Add blocked period' })).not.toBeInTheDocument();
  });

  it('refuses someone with none of the settings', async () => {
    signInAs([]);
    renderWithApp(<LeaveSettingsPage />, { path: PATH });
    expect(await screen.findByText(NOT_ALLOWED_MESSAGE)).toBeInTheDocument();
  });

  it('explains policies in plain words and checks a new one before saving it', async () => {
    signInAs(HR);
    const posted = serve();
    renderWithApp(<LeaveSettingsPage />, { path: `${PATH}?tab=policies` });
    const card = await screen.findByRole('region', { name: 'Statutory (5.6 weeks)' });
    expect(card).toHaveTextContent('28 days for a full-time 5-day week; part-timers get it pro rata, rounded up to the nearest half day.');
    expect(card).toHaveTextContent('Up to 5 days carry over to the next leave year, to be used within 3 months.');
    expect(card).toHaveTextContent('Assigned to 7 employees');
    fireEvent.click(screen.getByRole('button', { name: 'Add policy' }));
    const form = await screen.findByRole('form', { name: 'Add policy' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Four-day week' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Allowance \(days\)/ }), { target: { value: '22.4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add a step' }));
    fireEvent.change(within(form).getByRole('textbox', { name: /Extra \(days\)/ }), { target: { value: '0.3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('Use quarter hours (such as 1.25 or 3.5).')).toBeInTheDocument();
    expect(within(form).getByText('Use whole or half days (such as 1 or 2.5).')).toBeInTheDocument();
    expect(screen.getByText('Validation failed.')).toBeInTheDocument();
    fireEvent.change(within(form).getByRole('textbox', { name: /Allowance \(days\)/ }), { target: { value: '22.5' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Extra \(days\)/ }), { target: { value: '1' } });
    expect(within(form).getByText(/22.5 days for a full-time 5-day week/)).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Policy added.')).toBeInTheDocument();
    expect(posted).toEqual([
      expect.objectContaining({ name: 'Four-day week', allowance: 22.5, service_steps: [{ after_years: 1, extra: 1 }] }),
    ]);
  });
});
