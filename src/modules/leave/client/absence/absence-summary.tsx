// What an absence is: the person, type, dates, deduction, status, notes and reasons, the
// sickness category, and the medical detail — only when the server sent it (the special-category
// gate let the caller see it), under "Private medical detail".
import { Anchor, Paper, SimpleGrid } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { DATE_FORMATS, formatLondon } from '../../../../shared/dates';
import { type AbsenceDetail } from '../../absences.contract';
import { SICKNESS_CATEGORY_LABELS } from '../../leave.contract';
import { absenceDates, deductionText, formatDate, leaveTypeName, personName } from './absence-format';
import { AbsenceStatusBadge } from './absence-status-badge';
import { DescribedValue } from '../../../../client/ui/described-value';

export const MEDICAL_DETAIL_LABEL = 'Private medical detail';

export function AbsenceSummary({ absence }: { absence: AbsenceDetail }) {
  const deducted = absence.leave_type?.deducted !== false && absence.deduction > 0;
  return (
    <Paper withBorder radius="lg" p="md">
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md" m={0}>
        <DescribedValue label="Person">
          <Anchor renderRoot={(props) => <Link {...props} to="/employee/$id" params={{ id: absence.user.id }} />}>
            {personName(absence.user)}
          </Anchor>
          {absence.user.department_name ? ` (${absence.user.department_name})` : ''}
        </DescribedValue>
        <DescribedValue label="Leave type">{leaveTypeName(absence)}</DescribedValue>
        <DescribedValue label="Dates">{absenceDates(absence)}</DescribedValue>
        <DescribedValue label="Deduction">{deducted ? deductionText(absence) : 'Not deducted from an allowance'}</DescribedValue>
        <DescribedValue label="Status">
          <AbsenceStatusBadge status={absence.status} />
        </DescribedValue>
        {absence.requested_by_name && <DescribedValue label="Requested by">{absence.requested_by_name}</DescribedValue>}
        {absence.decided_by_name && (
          <DescribedValue label="Decided by">
            {absence.decided_by_name}
            {absence.decided_at ? ` on ${formatLondon(absence.decided_at, DATE_FORMATS.dateTime)}` : ''}
          </DescribedValue>
        )}
        {absence.sickness_category && (
          <DescribedValue label="Sickness category">{SICKNESS_CATEGORY_LABELS[absence.sickness_category]}</DescribedValue>
        )}
        {absence.returned_on && <DescribedValue label="Returned to work">{formatDate(absence.returned_on)}</DescribedValue>}
        {absence.notes && <DescribedValue label="Notes">{absence.notes}</DescribedValue>}
        {absence.decline_reason && <DescribedValue label="Reason for declining">{absence.decline_reason}</DescribedValue>}
        {absence.cancel_reason && <DescribedValue label="Reason for cancelling">{absence.cancel_reason}</DescribedValue>}
        {absence.blocked_override_reason && (
          <DescribedValue label="Booked in a blocked period because">{absence.blocked_override_reason}</DescribedValue>
        )}
        {'medical_detail' in absence && (
          <DescribedValue label={MEDICAL_DETAIL_LABEL}>{absence.medical_detail || 'None given'}</DescribedValue>
        )}
      </SimpleGrid>
    </Paper>
  );
}
