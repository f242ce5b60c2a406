// Overtime reports this user made offline, still in the outbox, described for the list of
// writes not yet sent: when the overtime was worked.
import { useMemo } from 'react';
import { PENDING_STATES, useOutboxItems } from '../../../client/offline/outbox-items';
import type { QueuedWrite } from '../../../client/offline/queued-writes';
import { isIsoDate } from '../../../shared/dates';
import { OVERTIME_RESOURCES } from '../overtime.contract';
import type { ReportBody } from './overtime.api';
import { whenText } from './overtime-format';

/** The user's unsent overtime writes, oldest first (the order they will be sent in). */
export function useQueuedReports(): QueuedWrite[] {
  const items = useOutboxItems(OVERTIME_RESOURCES.overtime);
  return useMemo(
    () =>
      items
        .filter((item) => PENDING_STATES.includes(item.state))
        .map((item) => {
          const body = item.body && typeof item.body === 'object' ? (item.body as Partial<ReportBody>) : null;
          const when =
            body && typeof body.date === 'string' && isIsoDate(body.date)
              ? whenText({ date: body.date, start_time: body.start_time ?? null, end_time: body.end_time ?? null, hours: body.hours ?? 0 })
              : null;
          return { item, title: item.label, detail: when };
        })
        .reverse(),
    [items],
  );
}
