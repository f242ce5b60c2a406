import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-client';
import { QueryRows } from './query-rows';
import { renderWithApp } from './test-render';

const rowsOf = (query: Parameters<typeof QueryRows<string>>[0]['query'], rows?: string[]) =>
  renderWithApp(
    <QueryRows query={query} rows={rows} what="companies" empty="No companies match.">
      {(names) => (
        <ul>
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </QueryRows>,
  );

describe('QueryRows', () => {
  it('says a failed list as every screen does, and Retry asks again', async () => {
    const refetch = vi.fn();
    rowsOf({ isPending: false, isError: true, error: new ApiError(500, { message: 'Error occurred' }), refetch });
    expect(await screen.findByRole('alert')).toHaveTextContent('The companies could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('says an empty list in its own words, and draws the rows it has', async () => {
    const settled = { isPending: false, isError: false, error: null, refetch: () => undefined };
    const { unmount } = rowsOf(settled, []);
    expect(await screen.findByText('No companies match.')).toBeInTheDocument();
    unmount();
    rowsOf(settled, ['Demo Ltd']);
    expect(await screen.findByRole('listitem')).toHaveTextContent('Demo Ltd');
  });
});
