import { fireEvent, screen, within } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-client';
import { FilteredList } from './filtered-list';
import { NOT_ALLOWED_MESSAGE } from './permission-guard';
import { renderWithApp } from './test-render';

type Props = ComponentProps<typeof FilteredList<string>>;

const settled = (results: string[], count = results.length) => ({
  isPending: false,
  isError: false,
  error: null,
  data: { results, count },
  refetch: () => undefined,
});

const listOf = (props: Partial<Props>) =>
  renderWithApp(
    <FilteredList<string>
      list={settled([])}
      one="notice"
      many="notices"
      noMatches="No notices match these filters."
      filtered={false}
      onClearFilters={() => undefined}
      page={1}
      pageSize={20}
      onPage={() => undefined}
      {...props}
    >
      {(titles) => (
        <ul aria-label="Notices">
          {titles.map((title) => (
            <li key={title}>{title}</li>
          ))}
        </ul>
      )}
    </FilteredList>,
  );

describe('FilteredList', () => {
  it('says an empty list with no filter set in its own words, with the hint of what to do and nothing to clear', async () => {
    listOf({ nothingYet: 'There are no notices yet.', hint: 'Notices your company posts appear here.' });
    expect(await screen.findByText('There are no notices yet.')).toBeInTheDocument();
    expect(screen.getByText('Notices your company posts appear here.')).toBeInTheDocument();
    expect(screen.queryByText('No notices match these filters.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says no matches when filters are set, and its clear button in the page’s words clears them', async () => {
    const onClearFilters = vi.fn();
    listOf({ nothingYet: 'There are no notices yet.', filtered: true, onClearFilters, clearLabel: 'Clear search' });
    expect(await screen.findByText('No notices match these filters.')).toBeInTheDocument();
    expect(screen.queryByText('There are no notices yet.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onClearFilters).toHaveBeenCalledOnce();
  });

  it('says a refused list as not allowed where the page asks, and names a failure in the page’s words with Try again', async () => {
    const failed = (status: number, refetch = () => undefined) => ({
      isPending: false,
      isError: true,
      error: new ApiError(status, { message: 'Error occurred' }),
      refetch,
    });
    const { unmount } = listOf({ list: failed(403), forbidden: true });
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_ALLOWED_MESSAGE);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    unmount();

    const refetch = vi.fn();
    listOf({ list: failed(500, refetch), what: 'noticeboard', forbidden: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('The noticeboard could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('holds the page’s number of placeholders while loading, in rows or in a grid of cards', async () => {
    const pending = { isPending: true, isError: false, error: null, refetch: () => undefined };
    const { unmount } = listOf({ list: pending, skeleton: { rows: 2 } });
    const rows = await screen.findByLabelText('Loading notices');
    expect(rows).toHaveAttribute('aria-busy', 'true');
    expect(rows.children).toHaveLength(2);
    unmount();

    listOf({ list: pending, skeleton: { rows: 3, cols: 3 } });
    const cards = await screen.findByLabelText('Loading notices');
    expect(cards.children).toHaveLength(3);
    expect(cards).toHaveClass('mantine-SimpleGrid-root');
  });

  it('draws the rows above the list’s length and the pager', async () => {
    const onPage = vi.fn();
    listOf({ list: settled(['Fire drill', 'Parking'], 45), onPage });
    expect(within(await screen.findByRole('list', { name: 'Notices' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('45 notices')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });
});
