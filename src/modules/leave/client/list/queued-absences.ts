// Absence requests and sickness reports this user made offline, still in the outbox, described
// for the list of writes not yet sent: the leave type's name and the dates asked for.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { PENDING_STATES, useOutboxItems } from '../../../../client/offline/outbox-items';
import type { QueuedWrite } from '../../../../client/offline/queued-writes';
import { isIsoDate } from '../../../../shared/dates';
import { type CreateAbsenceInput } from '../../absences.contract';
import { LEAVE_RESOURCES } from '../../leave.contract';
import { absenceDates } from '../absence/absence-format';
import { leaveTypesQueryOptions } from '../requests.api';

function datesOf(body: Partial<CreateAbsenceInput> | null): string | null {
  if (!body || typeof body.start_date !== 'string' || !isIsoDate(body.start_date)) return null;
  return absenceDates({
    start_date: body.start_date,
    end_date: typeof body.end_date === 'string' && isIsoDate(body.end_date) ? body.end_date : null,
    duration_type: body.duration_type ?? 'days',
    half_day_part: body.half_day_part ?? null,
    hours: typeof body.hours === 'number' ? body.hours : null,
  });
}

/** The user's unsent absence writes, oldest first (the order they will be sent in). */
export function useQueuedAbsences(): QueuedWrite[] {
  const items = useOutboxItems(LEAVE_RESOURCES.absence);
  const leaveTypes = useQuery(leaveTypesQueryOptions());
  return useMemo(
    () =>
      items
        .filter((item) => PENDING_STATES.includes(item.state))
        .map((item) => {
          const body = item.body && typeof item.body === 'object' ? (item.body as Partial<CreateAbsenceInput>) : null;
          const typeName = leaveTypes.data?.find((type) => type.id === body?.leave_type_id)?.name;
          return { item, title: typeName ?? item.label, detail: datesOf(body) };
        })
        .reverse(),
    [items, leaveTypes.data],
  );
}
