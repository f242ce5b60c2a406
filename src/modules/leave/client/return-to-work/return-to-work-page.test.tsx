import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../../client/ui/test-render';
import { setToken } from '../../../../client/auth/token-store';
import { CARL, ELLA, EMPLOYEE, listOf, MANAGER, returnToWorkItem, signIn } from '../absence/absence-test-data';
import { NO_RETURN_TO_WORK, ReturnToWorkPage } from '../return-to-work-page';

const server = mockApi();

beforeEach(() => localStorage.clear());

describe('return to work (/leave-and-absences/return-to-work)', () => {
  it('lists items with their kind and status, and filters to those the caller must act on', async () => {
    signIn(MANAGER);
    const ella = returnToWorkItem({ status: 'awaiting_review' });
    const carl = returnToWorkItem({ user: CARL, kind: 'fit_note', calendar_days: 9, first_day: '2025-11-03', last_day: '2025-11-11' });
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('/api/return-to-work', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return listOf([ella, carl]);
      }),
    );
    renderWithApp(<ReturnToWorkPage />, { path: '/leave-and-absences/return-to-work' });
    const table = await screen.findByRole('table', { name: 'Return to work' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('link', { name: 'Ella Evans' })).toHaveAttribute(
      'href',
      `/return-to-work/${ella.id}/self-certification`,
    );
    expect(within(rows[0]!).getByText('Self-certification')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Waiting for review')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Fit note')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('9 calendar days')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('03/11/2025 to 11/11/2025')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Return to work' })).toHaveAttribute('aria-selected', 'true');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Mine to act on' }));
    await waitFor(() => expect(queries.at(-1)?.get('show_relevant_to_me')).toBe('1'));
  });

  it('offers the employee "Fill in your form" on her own item waiting for her, not "Waiting for the employee"', async () => {
    signIn(EMPLOYEE);
    const claims = btoa(JSON.stringify({ user_id: ELLA.id, first_name: 'Ella', exp: 4102444800 })).replace(/=+$/, '');
    setToken(`e30.${claims}.sig`);
    const own = returnToWorkItem({ user: ELLA, status: 'awaiting_employee' });
    server.use(http.get('/api/return-to-work', () => listOf([own])));
    renderWithApp(<ReturnToWorkPage />, { path: '/leave-and-absences/return-to-work' });
    const table = await screen.findByRole('table', { name: 'Return to work' });
    expect(within(table).getByRole('link', { name: 'Fill in your form' })).toHaveAttribute(
      'href',
      `/return-to-work/${own.id}/self-certification`,
    );
    expect(within(table).queryByText('Waiting for the employee')).not.toBeInTheDocument();
  });

  it('says when no item matches, with Clear filters back to every item and their count', async () => {
    signIn(MANAGER);
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('/api/return-to-work', ({ request }) => {
        const query = new URL(request.url).searchParams;
        queries.push(query);
        return listOf(query.has('show_relevant_to_me') ? [] : [returnToWorkItem({}), returnToWorkItem({ user: CARL })]);
      }),
    );
    renderWithApp(<ReturnToWorkPage />, { path: '/leave-and-absences/return-to-work' });
    expect(await screen.findByText('2 return to work items')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mine to act on' }));
    expect(await screen.findByText(NO_RETURN_TO_WORK)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('table', { name: 'Return to work' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Mine to act on' })).not.toBeChecked();
    expect(queries.at(-1)?.has('show_relevant_to_me')).toBe(false);
  });

  it('is refused to those without return-to-work access', async () => {
    signIn([{ endpoint: '/api/user-absence', method: 'GET', type: 'own' }]);
    renderWithApp(<ReturnToWorkPage />, { path: '/leave-and-absences/return-to-work' });
    expect(await screen.findByText('You are not allowed to view this content.')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Return to work' })).not.toBeInTheDocument();
  });
});
