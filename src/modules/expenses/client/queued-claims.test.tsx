// Claims made offline shown above the expenses list through the platform's list of writes not
// yet sent: each claim named, its total and receipts counted, a refusal with the way to the outbox.
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setOutboxItems, setOutboxUser } from '../../../client/offline/outbox-items';
import { outboxSummary } from '../../../client/offline/outbox-test-support';
import { QueuedWrites } from '../../../client/offline/queued-writes';
import { renderWithApp } from '../../../client/ui/test-render';
import { EXPENSE_RESOURCES, expensePaths } from '../expenses.contract';
import { useQueuedClaims } from './queued-claims';

function Queued() {
  return <QueuedWrites queued={useQueuedClaims()} openOutbox="Open the outbox" />;
}

afterEach(() => act(() => setOutboxUser(null)));

describe('claims waiting in the outbox', () => {
  it('lists each claim with its total and receipts, and a refused one with the server’s message and the outbox', async () => {
    act(() => {
      setOutboxUser('user-a');
      setOutboxItems('user-a', [
        outboxSummary({
          id: 'r1',
          resource: EXPENSE_RESOURCES.claim,
          label: 'Receipt',
          url: expensePaths.receipts('claim-1'),
          createdAt: '2025-03-03T10:00:01.000Z',
        }),
        outboxSummary({
          id: 'c1',
          resource: EXPENSE_RESOURCES.claim,
          label: 'Expense claim',
          url: expensePaths.claims,
          createdAt: '2025-03-03T10:00:00.000Z',
          body: { id: 'claim-1', description: 'Train to Leeds', items: [{ gross: 42.5 }] },
        }),
        outboxSummary({
          id: 'c2',
          resource: EXPENSE_RESOURCES.claim,
          label: 'Expense claim',
          url: expensePaths.claims,
          state: 'needs_attention',
          createdAt: '2025-03-02T10:00:00.000Z',
          error: { status: 422, message: 'Please add at least one line.' },
          body: { id: 'claim-2', claim_type: 'mileage', items: [{ miles: 12.5 }] },
        }),
        outboxSummary({ id: 'k3' }),
      ]);
    });
    renderWithApp(<Queued />);
    const items = within(await screen.findByRole('list', { name: 'Not yet sent' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Mileage claim')).toBeInTheDocument();
    expect(within(items[0]!).getByText('12.5 miles · Expense claim')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Needs attention')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Please add at least one line.')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('link', { name: 'Open the outbox' })).toHaveAttribute('href', '/outbox');
    expect(within(items[1]!).getByText('Train to Leeds')).toBeInTheDocument();
    expect(within(items[1]!).getByText('£42.50 · 1 receipt · Expense claim')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Waiting to sync')).toBeInTheDocument();
    expect(within(items[1]!).queryByRole('link')).toBeNull();
  });
});
