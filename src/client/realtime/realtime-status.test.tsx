import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setRealtimeStatus, useRealtimePollInterval, useRealtimeStatus } from './realtime-status';

afterEach(() => setRealtimeStatus('stopped'));

describe('the realtime status', () => {
  it('re-renders its readers when it changes', () => {
    const { result } = renderHook(() => useRealtimeStatus());
    expect(result.current).toBe('stopped');
    act(() => setRealtimeStatus('connected'));
    expect(result.current).toBe('connected');
  });

  it('stops a poll while connected and resumes it whenever the connection is not', () => {
    const { result } = renderHook(() => useRealtimePollInterval(60_000));
    expect(result.current).toBe(60_000);
    act(() => setRealtimeStatus('connected'));
    expect(result.current).toBe(false);
    for (const status of ['connecting', 'unavailable', 'offline'] as const) {
      act(() => setRealtimeStatus(status));
      expect(result.current).toBe(60_000);
    }
  });
});
