// What an absence is: the person, type, dates, deduction, status, notes and reasons, the
// sickness category, and the medical detail — only when the server sent it (the special-category
// gate let the caller see it), under "Private medical detail".
import { Anchor, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { DATE_FORMATS, formatLondon } from '../../../../shared/dates';
import { type AbsenceDetail } from '../../absences.contract';
import { SICKNESS_CATEGORY_LABELS } from '../../leave.contract';
import { absenceDates, deductionText, formatDate, leaveTypeName, personName } from './absence-format';
import { AbsenceStatusBadge } from './absence-status-badge';

export const MEDICAL_DETAIL_LABEL = 'Private medical detail';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

export function AbsenceSummary({ absence }: { absence: AbsenceDetail }) {
  const deducted = absence.leave_type?.deducted !== false && absence.deduction > 0;
  return (
    <Paper withBorder radius="lg" p="md">
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md" m={0}>
        <Field label="Person">
          <Anchor renderRoot={(props) => <Link {...props} to="/employee/$id" params={{ id: absence.user.id }} />}>
            {personName(absence.user)}
          </Anchor>
          {absence.user.department_name ? ` (${absence.user.department_name})` : ''}
        </Field>
        <Field label="Leave type">{leaveTypeName(absence)}</Field>
        <Field label="Dates">{absenceDates(absence)}</Field>
        <Field label="Deduction">{deducted ? deductionText(absence) : 'Not deducted from an allowance'}</Field>
        <Field label="Status">
          <AbsenceStatusBadge status={absence.status} />
        </Field>
        {absence.requested_by_name && <Field label="Requested by">{absence.requested_by_name}</Field>}
        {absence.decided_by_name && (
          <Field label="Decided by">
            {absence.decided_by_name}
            {absence.decided_at ? ` on ${formatLondon(absence.decided_at, DATE_FORMATS.dateTime)}` : ''}
          </Field>
        )}
        {absence.sickness_category && <Field label="Sickness category">{SICKNESS_CATEGORY_LABELS[absence.sickness_category]}</Field>}
        {absence.returned_on && <Field label="Returned to work">{formatDate(absence.returned_on)}</Field>}
        {absence.notes && <Field label="Notes">{absence.notes}</Field>}
        {absence.decline_reason && <Field label="Reason for declining">{absence.decline_reason}</Field>}
        {absence.cancel_reason && <Field label="Reason for cancelling">{absence.cancel_reason}</Field>}
        {absence.blocked_override_reason && <Field label="Booked in a blocked period because">{absence.blocked_override_reason}</Field>}
        {'medical_detail' in absence && <Field label={MEDICAL_DETAIL_LABEL}>{absence.medical_detail || 'None given'}</Field>}
      </SimpleGrid>
    </Paper>
  );
}
