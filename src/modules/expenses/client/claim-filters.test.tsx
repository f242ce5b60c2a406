// The claims list's filters on a phone: folded behind one button, they read the expense types with
// the page (ready when opened) without being drawn again each time that list is refreshed.
import { act, fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countingDrawings, mockApi, renderWithApp } from '../../../client/ui/test-render';
import { ClaimFilters } from './claim-filters';
import { expenseTypesQueryOptions } from './expenses.api';

const server = mockApi();
afterEach(() => vi.unstubAllGlobals());

describe('ClaimFilters on a phone', () => {
  it('is not drawn again as the expense types are refreshed, and lists them once opened', async () => {
    const real = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) => ({ ...real(query), matches: query === '(max-width: 36em)' }));
    let reads = 0;
    server.use(
      http.get('/api/expense-type', () => {
        reads += 1;
        return HttpResponse.json({ results: [{ id: 't1', name: 'Mileage', archived: false }], count: 1 });
      }),
    );
    const { element, drawings } = countingDrawings(<ClaimFilters search={{}} onChange={() => undefined} showPerson={false} />);
    const { queryClient } = renderWithApp(element);
    await vi.waitFor(() => expect(reads).toBe(1));
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const settled = drawings.length;
    await act(() => queryClient.refetchQueries({ queryKey: expenseTypesQueryOptions({ includeArchived: true }).queryKey }));
    expect(reads).toBe(2);
    expect(drawings).toHaveLength(settled);

    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.getByRole('search', { name: 'Filter claims' })).toBeInTheDocument();
  });
});
