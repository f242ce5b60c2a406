import { describe, expect, it } from 'vitest';
import { documentsAreas, isActivePath } from './menu-rules';

describe('documents areas of restricted mode (hr_client and hs_client)', () => {
  it.each([
    [true, false, { hr: true, hs: false }],
    [false, true, { hr: false, hs: true }],
    [true, true, { hr: true, hs: true }],
    [false, false, { hr: true, hs: true }],
  ])('hr_client %s, hs_client %s → %o', (hrClient, hsClient, expected) => {
    expect(documentsAreas({ hrClient, hsClient })).toEqual(expected);
  });
});

describe('active item', () => {
  it('is the one whose path equals the current path, ignoring query string and fragment', () => {
    expect(isActivePath('/leave-and-absences/list?status=needApproval', '/leave-and-absences/list')).toBe(true);
    expect(isActivePath('/overtime', '/overtime?status=reported#top')).toBe(true);
    expect(isActivePath('/', '/#notifications')).toBe(true);
  });

  it('is not a prefix match', () => {
    expect(isActivePath('/', '/notifications')).toBe(false);
    expect(isActivePath('/overtime', '/overtime/12')).toBe(false);
  });
});
