// The notice form's mapping to the API and the list's address: London times become instants,
// an audience sends only its own ids, and a hand-edited address falls back to the defaults.
import { describe, expect, it } from 'vitest';
import { emptyNoticeForm, noticeInputOf } from './notice-form';
import { parseNoticeListSearch } from './notices-search';
import { teaser } from './notice-format';

describe('noticeInputOf', () => {
  it('publishes now without a date, and schedules at the London time given (BST in summer)', () => {
    const values = { ...emptyNoticeForm(true), title: 'Drill', body: '<p>Go</p>' };
    expect(noticeInputOf(values).publish_at).toBeNull();
    expect(noticeInputOf({ ...values, when: 'later', publish_date: '2026-07-01', publish_time: '09:00' }).publish_at).toBe(
      '2026-07-01T08:00:00.000Z',
    );
    expect(noticeInputOf({ ...values, when: 'later', publish_date: '2026-12-01', publish_time: '09:00' }).publish_at).toBe(
      '2026-12-01T09:00:00.000Z',
    );
    expect(noticeInputOf({ ...values, when: 'later', publish_date: '', publish_time: '09:00' }).publish_at).toBe('not a date');
  });

  it('sends only the ids of the chosen audience, and no expiry when none is given', () => {
    const values = { ...emptyNoticeForm(true), department_ids: ['d1'], location_ids: ['l1'] };
    expect(noticeInputOf({ ...values, audience: 'departments' })).toMatchObject({
      department_ids: ['d1'],
      location_ids: [],
      expires_on: null,
    });
    expect(noticeInputOf({ ...values, audience: 'everyone' })).toMatchObject({ department_ids: [], location_ids: [] });
  });

  it('starts a manager on departments', () => {
    expect(emptyNoticeForm(false).audience).toBe('departments');
  });
});

describe('the list address', () => {
  it('keeps known values and drops the rest', () => {
    expect(parseNoticeListSearch({ search: '  fire ', state: 'expired', unread: '1', page: '3' })).toEqual({
      search: 'fire',
      state: 'expired',
      unread: 1,
      page: 3,
    });
    expect(parseNoticeListSearch({ state: 'current', unread: 'yes', page: '-2', search: '' })).toEqual({});
  });
});

describe('teaser', () => {
  it('reads the words of the body, shortened', () => {
    expect(teaser('<p>Fire &amp; <b>safety</b></p><ul><li>one</li></ul>')).toBe('Fire & safety one');
    expect(teaser(`<p>${'word '.repeat(60)}</p>`, 20)).toBe('word word word word…');
  });
});
