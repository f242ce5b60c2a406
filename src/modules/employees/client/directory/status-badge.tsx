// An employee's status (User.status) as a coloured badge, the same in the directory and on the profile.
import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import type { EmployeeStatus } from '../../directory.contract';

export const STATUS_LABELS: Record<EmployeeStatus, string> = {
  pending: 'Pending',
  invited: 'Invited',
  active: 'Active',
  terminated: 'Terminated',
  locked: 'Locked',
};

const STATUS_COLOURS: Record<EmployeeStatus, string> = {
  pending: 'gray',
  invited: 'yellow',
  active: 'green',
  terminated: 'red',
  locked: 'orange',
};

export function StatusBadge({ status }: { status: EmployeeStatus }) {
  return (
    <Badge color={STATUS_COLOURS[status]} variant="light">
      {STATUS_LABELS[status]}
    </Badge>
  );
}
