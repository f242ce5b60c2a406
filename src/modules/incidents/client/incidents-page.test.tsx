// The accident book's list states: nothing recorded, a search that finds nothing with Clear
// filters back to the whole log, and a log the caller may not read said so.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../client/ui/test-render';
import { NOT_ALLOWED_MESSAGE } from '../../../client/ui/permission-guard';
import { incidentPaths } from '../incidents.contract';
import { IncidentsPage } from './incidents-page';

const server = mockApi();

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('permissions', JSON.stringify([{ endpoint: '/api/incident-log', method: 'GET', type: 'own' }]));
});

describe('the incident log (/incident-logs)', () => {
  it('says an empty search with Clear filters, which empties the search', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get(`*${incidentPaths.resource()}`, ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json({ results: [], count: 0 });
      }),
    );
    renderWithApp(<IncidentsPage />, { path: '/incident-logs' });
    expect(await screen.findByText('No incidents recorded')).toBeInTheDocument();
    expect(
      screen.getByText('Nothing matches these filters. Report an incident as soon as it happens, even a near miss.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();

    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'forklift' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue(''));
    expect(queries.at(-1)?.has('search')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('says a refused log as not allowed', async () => {
    server.use(http.get(`*${incidentPaths.resource()}`, () => HttpResponse.json({ message: 'Forbidden' }, { status: 403 })));
    renderWithApp(<IncidentsPage />, { path: '/incident-logs' });
    expect(await screen.findByText(NOT_ALLOWED_MESSAGE)).toBeInTheDocument();
  });
});
