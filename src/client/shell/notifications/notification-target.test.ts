import { describe, expect, it } from 'vitest';
import { DOT_DEEP_BLUE, DOT_PRIMARY, notificationDotColour, notificationTarget } from './notification-target';

describe('notificationTarget', () => {
  it.each([
    ['user', '/employee/7'],
    ['hr_task', '/hr-task/7'],
    ['hs_task', '/hs-task/7'],
    ['absence_request', '/absence/7'],
    ['expense', '/expense/7'],
    ['notice', '/notice/7'],
    ['return_to_work', '/return-to-work/7/self-certification'],
    ['overtime_report', '/overtime/7'],
    ['impersonation', '/settings/user-settings/access-requests?request_id=7'],
    ['rota', '/rotas/shifts'],
    ['document', '/document/7'],
    ['document_sign', '/document/7'],
    ['company_order', '/admin/orders'],
  ] as const)('%s goes to %s', (relatesTo, target) => {
    expect(notificationTarget(relatesTo, '7')).toBe(target);
  });

  it('user goes nowhere without an id', () => {
    expect(notificationTarget('user', null)).toBeNull();
  });

  it('rota needs no id', () => {
    expect(notificationTarget('rota', null)).toBe('/rotas/shifts');
  });

  it('goes nowhere for a notification about nothing, or a record kind without an id', () => {
    expect(notificationTarget(null, '7')).toBeNull();
    expect(notificationTarget('hr_task', null)).toBeNull();
  });

  it('keeps an id to one path segment', () => {
    expect(notificationTarget('expense', '../admin?x=1')).toBe('/expense/..%2Fadmin%3Fx%3D1');
  });
});

describe('notification dot colours', () => {
  it.each([
    ['user', DOT_DEEP_BLUE],
    ['notice', DOT_DEEP_BLUE],
    ['document_sign', DOT_DEEP_BLUE],
    ['hs_task', 'teal.6'],
    ['hr_task', DOT_PRIMARY],
    ['absence_request', 'green.6'],
    ['return_to_work', 'green.6'],
  ] as const)('%s is %s', (relatesTo, colour) => {
    expect(notificationDotColour(relatesTo)).toBe(colour);
  });

  it('is grey for kinds SPEC gives no colour', () => {
    expect(notificationDotColour('expense')).toBe('gray.5');
    expect(notificationDotColour(null)).toBe('gray.5');
  });
});
