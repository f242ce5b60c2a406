// An absence's status (or a return to work's) as a coloured badge, in SPEC's words.
import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import { ABSENCE_STATUS_LABELS, RETURN_TO_WORK_STATUS_LABELS, type AbsenceStatus, type ReturnToWorkStatus } from '../../leave.contract';
import { RETURN_TO_WORK_STATUS_COLOURS, STATUS_COLOURS } from './absence-format';

export function AbsenceStatusBadge({ status }: { status: AbsenceStatus }) {
  return (
    <Badge color={STATUS_COLOURS[status]} variant="light">
      {ABSENCE_STATUS_LABELS[status]}
    </Badge>
  );
}

export function ReturnToWorkStatusBadge({ status }: { status: ReturnToWorkStatus }) {
  return (
    <Badge color={RETURN_TO_WORK_STATUS_COLOURS[status]} variant="light">
      {RETURN_TO_WORK_STATUS_LABELS[status]}
    </Badge>
  );
}
