import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxItemSummary } from '../../shared/sw-messages';
import { countingDrawings } from '../ui/test-render';
import { setOutboxItems, setOutboxUser, useOutboxItems } from './outbox-items';

const claim: OutboxItemSummary = {
  id: 'k1',
  userId: 'u1',
  resource: 'user-expense',
  label: 'Expense claim',
  method: 'POST',
  url: '/api/user-expense',
  state: 'waiting',
  createdAt: '2026-11-29T08:00:00.000Z',
  nextAttemptAt: null,
  syncedAt: null,
  attempts: 0,
  error: null,
};

/** A list showing its queued records, as the expenses list does. */
function QueuedClaims() {
  const items = useOutboxItems('user-expense');
  return <p>{items.map((item) => `${item.label} (${item.state})`).join(', ') || 'Nothing waiting'}</p>;
}

afterEach(() => act(() => setOutboxUser(null)));

describe("the page's copy of the outbox", () => {
  it('draws the lists again when the worker reports a change, and not when it repeats the same list', () => {
    act(() => setOutboxUser('u1'));
    const { element, drawings } = countingDrawings(<QueuedClaims />);
    const { container } = render(element);
    act(() => setOutboxItems('u1', [claim]));
    expect(container).toHaveTextContent('Expense claim (waiting)');
    expect(drawings).toEqual(['mount', 'update']);

    // The worker's answer to the page's ask, then the same list again with its change report.
    act(() => setOutboxItems('u1', [{ ...claim }]));
    act(() => setOutboxItems('u1', [{ ...claim, error: null }]));
    expect(drawings).toEqual(['mount', 'update']);

    act(() => setOutboxItems('u1', [{ ...claim, state: 'sending' }]));
    expect(container).toHaveTextContent('Expense claim (sending)');
    expect(drawings).toEqual(['mount', 'update', 'update']);
  });
});
