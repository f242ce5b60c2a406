// The overtime list's empty states: with nothing reported, how overtime gets reported; with a
// status or view chosen, "Show all reports" back to the whole list.
import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp } from '../../../client/ui/test-render';
import { overtimePaths } from '../overtime.contract';
import { OvertimeListPage } from './overtime-list-page';

const server = mockApi();

beforeEach(() => {
  localStorage.clear();
  server.use(http.get(`*${overtimePaths.reports}`, () => HttpResponse.json({ results: [], count: 0 })));
});

describe('the overtime list (/overtime)', () => {
  it('says nothing is reported yet, and how overtime gets reported', async () => {
    renderWithApp(<OvertimeListPage search={{}} onSearch={() => undefined} />, { path: '/overtime' });
    expect(await screen.findByText('No overtime reported yet.')).toBeInTheDocument();
    expect(screen.getByText('Report overtime once it is worked; your manager approves it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show all reports' })).not.toBeInTheDocument();
  });

  it('offers "Show all reports" when a status is chosen', async () => {
    const onSearch = vi.fn();
    renderWithApp(<OvertimeListPage search={{ view: 'mine', status: ['reported'] }} onSearch={onSearch} />, { path: '/overtime' });
    expect(await screen.findByText('You have not reported any overtime yet.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show all reports' }));
    expect(onSearch).toHaveBeenCalledWith({});
  });
});
