import { describe, expect, it } from 'vitest';
import type { AdminAlert } from '../alerts.contract';
import { alertInputOf, EMPTY_ALERT_FORM, formValuesOf } from './alert-form';

describe('alert form values', () => {
  it('sends a draft without a publish date and aims at every company by default', () => {
    expect(alertInputOf({ ...EMPTY_ALERT_FORM, short_message: 'Hello' })).toEqual({
      kind: 'banner',
      short_message: 'Hello',
      long_message: '',
      company_id: null,
      published_at: null,
    });
  });

  it('reads the publish date on a London clock, in winter and in summer, and back', () => {
    expect(alertInputOf({ ...EMPTY_ALERT_FORM, publish_at: '2026-07-01T09:30' }).published_at).toBe('2026-07-01T08:30:00.000Z');
    const input = alertInputOf({ ...EMPTY_ALERT_FORM, short_message: 'x', publish_at: '2026-12-01T09:30' });
    expect(input.published_at).toBe('2026-12-01T09:30:00.000Z');
    const alert = {
      id: 'a',
      kind: 'dashboard',
      short_message: 'x',
      long_message: '<p>y</p>',
      published_at: input.published_at,
      created_at: input.published_at,
      updated_at: input.published_at,
      company_id: 'c',
      company_name: 'Demo Ltd',
      status: 'scheduled',
    } as AdminAlert;
    expect(formValuesOf(alert)).toMatchObject({ kind: 'dashboard', publish_at: '2026-12-01T09:30', company_name: 'Demo Ltd' });
  });
});
