// /absence/{id} (absence_request notifications land here): one absence — who, what,
// when, its deduction and status, reasons and medical detail when the caller may see it, its
// Statutory Sick Pay when sickness — the decisions the caller may take, its history and a
// comment box. A 404 says the absence was not found; a 403 shows the guard's message.
import '@mantine/core/styles/Skeleton.css';
import { Skeleton, Stack, Title } from '@mantine/core';

import { useQuery } from '@tanstack/react-query';

import { usePageTitle } from '../../../client/shell/page-title';
import { LEAVE_ROUTES } from '../leave.contract';
import { AbsenceActions } from './absence/absence-actions';
import { leaveTypeName, personName } from './absence/absence-format';
import { AbsenceHistory } from './absence/absence-history';
import { AbsenceSickPayPanel } from './absence/absence-sick-pay';
import { AbsenceSummary } from './absence/absence-summary';
import { absenceQueryOptions } from './absences.api';
import { LoadError } from '../../../client/ui/load-error';
import { BackLink } from '../../../client/ui/back-link';

export const ABSENCE_NOT_FOUND = 'This absence was not found.';

export function AbsencePage({ id }: { id: string }) {
  const absence = useQuery(absenceQueryOptions(id));
  const data = absence.data;
  usePageTitle(data ? `${leaveTypeName(data)}: ${personName(data.user)}` : 'Absence');

  let body;
  if (absence.isPending) {
    body = (
      <Stack gap="sm" aria-busy="true" aria-label="Loading the absence">
        <Skeleton h={160} radius="lg" />
        <Skeleton h={120} radius="lg" />
      </Stack>
    );
  } else if (absence.isError) {
    body = <LoadError what="absence" error={absence.error} onRetry={() => void absence.refetch()} notFound={ABSENCE_NOT_FOUND} forbidden />;
  } else {
    body = (
      <Stack gap="md">
        <AbsenceSummary absence={absence.data} />
        {absence.data.sick_pay && <AbsenceSickPayPanel sickPay={absence.data.sick_pay} />}
        <AbsenceActions absence={absence.data} />
        <AbsenceHistory absenceId={absence.data.id} events={absence.data.events} />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <BackLink to={LEAVE_ROUTES.list}>Back to the list</BackLink>
        <Title order={1}>{data ? `${leaveTypeName(data)}: ${personName(data.user)}` : 'Absence'}</Title>
      </Stack>
      {body}
    </Stack>
  );
}
