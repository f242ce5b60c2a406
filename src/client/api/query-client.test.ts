import { onlineManager } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Toasts from '../shell/toasts';
import { ERROR_OCCURRED, showDangerToast } from '../shell/toasts';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';

vi.mock('../shell/toasts', async (importOriginal) => ({ ...(await importOriginal<typeof Toasts>()), showDangerToast: vi.fn() }));

beforeEach(() => vi.mocked(showDangerToast).mockClear());

const failWith = (status: number) => () => Promise.reject(new ApiError(status, { message: 'from the server' }));

async function mutate(status: number, meta?: { errorToast?: boolean }) {
  const client = createQueryClient();
  await client
    .getMutationCache()
    .build(client, { mutationFn: failWith(status), ...(meta ? { meta } : {}) })
    .execute(undefined)
    .catch(() => undefined);
}

describe('query client error toasts', () => {
  it('retries a failed query once after 200 ms, then shows "Error occurred"', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn(failWith(500));
    const started = Date.now();
    await client.fetchQuery({ queryKey: ['broken'], queryFn, retry: client.getDefaultOptions().queries?.retry }).catch(() => undefined);
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(showDangerToast).toHaveBeenCalledWith({ message: ERROR_OCCURRED });
  });

  it('neither retries nor toasts a 401, which is already reloading the page', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn(failWith(401));
    await client.fetchQuery({ queryKey: ['session'], queryFn, retry: client.getDefaultOptions().queries?.retry }).catch(() => undefined);
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(showDangerToast).not.toHaveBeenCalled();
  });

  it.each([409, 422, 429])('leaves a mutation failing with %i to the caller', async (status) => {
    await mutate(status);
    expect(showDangerToast).not.toHaveBeenCalled();
  });

  it.each([400, 403, 404, 500, 503])('shows "Error occurred" for a mutation failing with %i', async (status) => {
    await mutate(status);
    expect(showDangerToast).toHaveBeenCalledWith({ message: ERROR_OCCURRED });
  });

  it('stays quiet for a mutation that explains its own errors', async () => {
    await mutate(500, { errorToast: false });
    expect(showDangerToast).not.toHaveBeenCalled();
  });
});

describe('query client with no network', () => {
  it('pauses a query while the browser is offline instead of failing it, and keeps its cached data without a toast', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const client = createQueryClient();
      client.setQueryData(['cached'], { rows: 3 });
      const queryFn = vi.fn(failWith(500));
      void client.refetchQueries({ queryKey: ['cached'] });
      const observer = client.getQueryCache().build(client, { queryKey: ['cached'], queryFn });
      void observer.fetch().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(queryFn).not.toHaveBeenCalled();
      expect(observer.state.fetchStatus).toBe('paused');
      expect(observer.state.data).toEqual({ rows: 3 });
      expect(showDangerToast).not.toHaveBeenCalled();
    } finally {
      online.mockRestore();
      onlineManager.setOnline(true);
    }
  });

  it('shows no toast for a fetch that never reached the server', async () => {
    const client = createQueryClient();
    await client
      .fetchQuery({ queryKey: ['unreachable'], queryFn: () => Promise.reject(new TypeError('Failed to fetch')), retry: false })
      .catch(() => undefined);
    expect(showDangerToast).not.toHaveBeenCalled();
  });
});
