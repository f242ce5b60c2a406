import { describe, expect, it } from 'vitest';
import { downloadChoices, statusBadge } from './document-labels';

describe('statusBadge', () => {
  it('shows the caller’s own status alone: never "To read" beside "Read"', () => {
    expect(statusBadge({ my_status: 'to_read', action: 'read' })).toEqual({ label: 'To read', color: 'blue' });
    expect(statusBadge({ my_status: 'read', action: 'read' })).toEqual({ label: 'Read', color: 'gray' });
  });

  it('says what the document asks of others when it asks nothing of the caller', () => {
    expect(statusBadge({ my_status: null, action: 'sign' }).label).toBe('Asks people to sign');
    expect(statusBadge({ my_status: null, action: 'read' }).label).toBe('Asks people to read');
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
