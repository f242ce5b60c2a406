import { beforeEach, describe, expect, it } from 'vitest';
import { dismissAlert, DISMISSED_ALERTS_KEY, isDismissed, readDismissals } from './alert-dismissals';

const alert = (id: string, updated_at = '2026-11-01T09:00:00.000Z') => ({ id, updated_at });

beforeEach(() => localStorage.clear());

describe('alert dismissals', () => {
  it('hides a dismissed alert, also after a reload', () => {
    const first = alert('a');
    dismissAlert(first, [first]);
    expect(isDismissed(first, readDismissals())).toBe(true);
  });

  it('shows it again when its updated_at changes', () => {
    dismissAlert(alert('a'), [alert('a')]);
    expect(isDismissed(alert('a', '2026-11-02T09:00:00.000Z'), readDismissals())).toBe(false);
  });

  it('does not hide another alert', () => {
    dismissAlert(alert('a'), [alert('a'), alert('b')]);
    expect(isDismissed(alert('b'), readDismissals())).toBe(false);
  });

  it('forgets alerts that are no longer published', () => {
    dismissAlert(alert('old'), [alert('old')]);
    dismissAlert(alert('new'), [alert('new')]);
    expect(Object.keys(readDismissals())).toEqual(['new']);
  });

  it('reads damaged storage as nothing dismissed', () => {
    localStorage.setItem(DISMISSED_ALERTS_KEY, '{not json');
    expect(readDismissals()).toEqual({});
    localStorage.setItem(DISMISSED_ALERTS_KEY, JSON.stringify({ a: 5, b: '2026' }));
    expect(readDismissals()).toEqual({ b: '2026' });
  });
});
