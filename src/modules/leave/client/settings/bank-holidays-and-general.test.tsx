import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../../client/ui/test-render';
import type { BankHoliday } from '../../leave-settings.contract';
import { COMPANY, grants, pick, signInAs } from '../request/test-support';
import { BankHolidaysTab } from './bank-holidays-tab';
import { GeneralTab } from './general-tab';

const server = mockApi();
const day = (overrides: Partial<BankHoliday>): BankHoliday => ({
  id: 'scotland:2030-11-30',
  date: '2030-12-02',
  name: 'St Andrew’s Day (substitute day)',
  region: 'scotland',
  projected: true,
  company_added: false,
  ...overrides,
});

describe('the bank holidays tab', () => {
  it('lists a region’s year with projected and company days, company days deletable', async () => {
    signInAs([...grants('/api/absence-policy-template', 'company', ['GET']), ...grants('/api/bank-holidays', 'company')]);
    const asked: Record<string, string>[] = [];
    server.use(
      http.get('/api/bank-holidays', ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        asked.push(query);
        const results =
          query.bank_holiday_region_id === 'scotland'
            ? [
                day({}),
                day({ id: 'c1', date: '2030-12-24', name: 'Christmas shutdown', region: null, projected: false, company_added: true }),
              ]
            : [];
        return HttpResponse.json({ results, count: results.length, next_offset: results.length });
      }),
    );
    renderWithApp(<BankHolidaysTab />);
    await pick(/Region/, 'Scotland');
    await pick(/Year/, '2030');
    const table = await screen.findByRole('table', { name: 'Bank holidays in 2030' });
    const substitute = within(table).getByRole('row', { name: /St Andrew/ });
    expect(substitute).toHaveTextContent('Monday 02/12/2030');
    expect(substitute).toHaveTextContent('Projected');
    expect(within(substitute).queryByRole('button')).not.toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Christmas shutdown/ })).toHaveTextContent('Company day');
    expect(within(table).getByRole('button', { name: 'Delete Christmas shutdown' })).toBeInTheDocument();
    expect(asked.at(-1)).toMatchObject({ bank_holiday_region_id: 'scotland', year: '2030' });
  });
});

describe('the general tab', () => {
  function serve() {
    const puts: unknown[] = [];
    server.use(
      http.get('/api/company-leave-settings', () =>
        HttpResponse.json({ leave_year_start_month: 1, leave_year_start_day: 1, rolled_up_holiday_pay: false }),
      ),
      http.put('/api/company-leave-settings', async ({ request }) => {
        const body = (await request.json()) as { leave_year_start_month: number; leave_year_start_day: number };
        puts.push(body);
        return HttpResponse.json(body);
      }),
      http.get(`/api/company-settings/${COMPANY}`, () => HttpResponse.json({ company_id: COMPANY, return_to_work_enabled: false })),
      http.put(`/api/company-settings/${COMPANY}`, async ({ request }) => {
        puts.push(await request.json());
        return HttpResponse.json({ company_id: COMPANY, return_to_work_enabled: true });
      }),
    );
    return puts;
  }

  it('saves the leave year start; an owner switches return to work on', async () => {
    signInAs([...grants('/api/company-leave-settings', 'company'), ...grants('/api/company-settings', 'company')]);
    const puts = serve();
    renderWithApp(<GeneralTab />);
    await pick(/Month/, 'April');
    fireEvent.change(screen.getByRole('textbox', { name: /Day/ }), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Leave year saved.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: /^Return to work/ }));
    expect(await screen.findByText('Return to work switched on.')).toBeInTheDocument();
    expect(puts).toEqual([{ leave_year_start_month: 4, leave_year_start_day: 6 }, { return_to_work_enabled: true }]);
  });

  it('WTR reg 16A: switches rolled-up holiday pay on, keeping the leave year as it is', async () => {
    signInAs([...grants('/api/company-leave-settings', 'company'), ...grants('/api/company-settings', 'company')]);
    const puts = serve();
    renderWithApp(<GeneralTab />);
    fireEvent.click(await screen.findByRole('switch', { name: /^Rolled-up holiday pay/ }));
    expect(await screen.findByText('Rolled-up holiday pay switched on.')).toBeInTheDocument();
    expect(puts).toEqual([{ leave_year_start_month: 1, leave_year_start_day: 1, rolled_up_holiday_pay: true }]);
  });

  it('is read-only for those who may only read', async () => {
    signInAs([...grants('/api/company-leave-settings', 'company', ['GET']), ...grants('/api/company-settings', 'own', ['GET'])]);
    serve();
    renderWithApp(<GeneralTab />);
    await waitFor(() => expect(screen.getByRole('switch', { name: /^Return to work/ })).toBeDisabled());
    expect(screen.getByRole('textbox', { name: /Day/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
