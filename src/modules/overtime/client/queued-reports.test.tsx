// Overtime reports made offline shown above the overtime list through the platform's list of
// writes not yet sent: when the overtime was worked, and a refusal with the way to the outbox.
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setOutboxItems, setOutboxUser } from '../../../client/offline/outbox-items';
import { outboxSummary } from '../../../client/offline/outbox-test-support';
import { QueuedWrites } from '../../../client/offline/queued-writes';
import { renderWithApp } from '../../../client/ui/test-render';
import { OVERTIME_ENDPOINTS, OVERTIME_RESOURCES } from '../overtime.contract';
import { useQueuedReports } from './queued-reports';

function Queued() {
  return <QueuedWrites queued={useQueuedReports()} />;
}

afterEach(() => act(() => setOutboxUser(null)));

describe('overtime reports waiting in the outbox', () => {
  it('lists each report with when it was worked, and a refused one with the server’s message and the outbox', async () => {
    act(() => {
      setOutboxUser('user-a');
      setOutboxItems('user-a', [
        outboxSummary({
          id: 'o1',
          resource: OVERTIME_RESOURCES.overtime,
          label: 'Overtime report',
          url: OVERTIME_ENDPOINTS.report,
          createdAt: '2025-03-03T10:00:00.000Z',
          body: { date: '2025-03-01', start_time: '17:00', end_time: '19:30', hours: 2.5 },
        }),
        outboxSummary({
          id: 'o2',
          resource: OVERTIME_RESOURCES.overtime,
          label: 'Overtime report',
          url: OVERTIME_ENDPOINTS.report,
          state: 'needs_attention',
          createdAt: '2025-03-02T10:00:00.000Z',
          error: { status: 409, message: 'You have reported overtime on this day already.' },
          body: { date: '2025-02-28', hours: 1 },
        }),
      ]);
    });
    renderWithApp(<Queued />);
    const items = within(await screen.findByRole('list', { name: 'Not yet sent' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Needs attention')).toBeInTheDocument();
    expect(within(items[0]!).getByText(/^28\/02\/2025/)).toBeInTheDocument();
    expect(within(items[0]!).getByText('You have reported overtime on this day already.')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('link', { name: 'Open the outbox to retry or discard it' })).toHaveAttribute('href', '/outbox');
    expect(within(items[1]!).getByText('Overtime report')).toBeInTheDocument();
    expect(within(items[1]!).getByText(/^01\/03\/2025, 17:00–19:30/)).toBeInTheDocument();
    expect(within(items[1]!).getByText('Waiting to sync')).toBeInTheDocument();
  });
});
