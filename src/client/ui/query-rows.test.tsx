import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-client';
import { OFFLINE_PART_NOT_KEPT } from '../offline/offline-empty-state';
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
    rowsOf({ isPending: false, fetchStatus: 'idle', isError: true, error: new ApiError(500, { message: 'Error occurred' }), refetch });
    expect(await screen.findByRole('alert')).toHaveTextContent('The companies could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('says an empty list in its own words, and draws the rows it has', async () => {
    const settled = { isPending: false, fetchStatus: 'idle', isError: false, error: null, refetch: () => undefined };
    const { unmount } = rowsOf(settled, []);
    expect(await screen.findByText('No companies match.')).toBeInTheDocument();
    unmount();
    rowsOf(settled, ['Demo Ltd']);
    expect(await screen.findByRole('listitem')).toHaveTextContent('Demo Ltd');
  });

  it('says "Loading..." while the list is on its way, and that it is shown once online when it waits for the network', async () => {
    const waiting = { isPending: true, isError: false, error: null, refetch: () => undefined };
    const { unmount } = rowsOf({ ...waiting, fetchStatus: 'fetching' });
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    unmount();
    rowsOf({ ...waiting, fetchStatus: 'paused' });
    expect(await screen.findByRole('status')).toHaveTextContent(OFFLINE_PART_NOT_KEPT);
    expect(screen.queryByText('Loading...')).toBeNull();
  });
});
