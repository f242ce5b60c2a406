import { describe, expect, it } from 'vitest';
import { downloadChoices, statusBadges } from './document-labels';

describe('statusBadges', () => {
  it('shows the reader’s own status alone: never "To read" beside "Read"', () => {
    expect(statusBadges({ my_status: 'to_read', action: 'read', can_manage: false })).toEqual({
      mine: { label: 'To read', color: 'blue' },
      asks: null,
    });
  });

  it('tells those who manage it, or are asked nothing, what it asks of readers', () => {
    expect(statusBadges({ my_status: 'to_read', action: 'read', can_manage: true }).asks).toBe('Read');
    expect(statusBadges({ my_status: null, action: 'sign', can_manage: false })).toEqual({ mine: null, asks: 'Sign' });
  });
});

describe('downloadChoices', () => {
  it('says which file is which once a document is signed: the signed copy, and the original marked unsigned', () => {
    expect(downloadChoices('completed').map((choice) => choice.label)).toEqual(['Signed copy', 'Original (unsigned)']);
    expect(downloadChoices('completed').map((choice) => choice.name)).toEqual(['Download signed copy', 'Download the original (unsigned)']);
  });

  it('offers the one file there is before then', () => {
    expect(downloadChoices('pending')).toEqual([{ key: 'current', label: 'Download', name: 'Download' }]);
    expect(downloadChoices(null)).toEqual([{ key: 'current', label: 'Download', name: 'Download' }]);
  });
});
