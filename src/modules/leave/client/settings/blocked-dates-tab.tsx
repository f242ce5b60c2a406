// Blocked date periods: when employees may not book leave (busy seasons, stocktakes), for the
// whole company or a department. Read-only without PUT.
import { Paper, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { can } from '../../../../client/ui/permission-guard';
import { RowActions, RowsView, type RowColumn } from '../../../../client/ui/rows-view';
import { DATE_FORMATS, formatCalendarDate } from '../../../../shared/dates';
import { type BlockedDatePeriod } from '../../leave-settings.contract';
import { LEAVE_RESOURCES } from '../../leave.contract';
import { blockedDatesQueryOptions } from '../leave-settings.api';
import { BlockedDateForm, WHOLE_COMPANY } from './blocked-date-form';
import { ConfirmDelete, SettingsHeading, SettingsStates } from './form-parts';
import { FormModal } from '../../../../client/ui/form-modal';

const ENDPOINT = '/api/blocked-date-period';
const day = (date: string) => formatCalendarDate(date, DATE_FORMATS.date);

const COLUMNS: RowColumn<BlockedDatePeriod>[] = [
  { label: 'Name', render: (period) => period.name },
  {
    label: 'Dates',
    render: (period) =>
      period.start_date === period.end_date ? day(period.start_date) : `${day(period.start_date)} to ${day(period.end_date)}`,
  },
  { label: 'Applies to', render: (period) => period.department_name ?? WHOLE_COMPANY },
];

export function BlockedDatesTab() {
  const periods = useQuery(blockedDatesQueryOptions());
  const [editing, setEditing] = useState<{ period: BlockedDatePeriod | null } | null>(null);
  const [deleting, setDeleting] = useState<BlockedDatePeriod | null>(null);
  const mayEdit = can({ endpoint: ENDPOINT, method: 'PUT' });
  const mayCreate = can({ endpoint: ENDPOINT, method: 'POST' });
  const mayDelete = can({ endpoint: ENDPOINT, method: 'DELETE' });
  const actions = (period: BlockedDatePeriod) => (
    <RowActions
      name={period.name}
      onEdit={mayEdit ? () => setEditing({ period }) : null}
      onDelete={mayDelete ? () => setDeleting(period) : null}
    />
  );
  return (
    <Stack gap="md">
      <SettingsHeading
        title="Blocked dates"
        description="Employees cannot book leave on these dates; a manager may, giving a reason."
        addLabel="Add blocked period"
        onAdd={mayCreate ? () => setEditing({ period: null }) : null}
      />
      <Paper withBorder radius="md" p="md">
        <SettingsStates query={periods} what="blocked dates" empty="No blocked dates yet.">
          {(rows) => <RowsView label="Blocked dates" rows={rows} columns={COLUMNS} actions={mayEdit || mayDelete ? actions : undefined} />}
        </SettingsStates>
      </Paper>
      <FormModal
        opened={editing !== null}
        title={editing?.period ? 'Edit blocked period' : 'Add blocked period'}
        onClose={() => setEditing(null)}
      >
        <BlockedDateForm period={editing?.period ?? null} onClose={() => setEditing(null)} />
      </FormModal>
      <ConfirmDelete
        resource={LEAVE_RESOURCES.blockedDates}
        itemLabel="blocked period"
        item={deleting && { id: deleting.id, title: deleting.name }}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
