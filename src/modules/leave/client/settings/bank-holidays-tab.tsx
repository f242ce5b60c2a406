// UK bank holidays by region and year (shipped for 2018–2030; years not yet published are
// "Projected" from the statutory rules), with the company's own days added on top. Which
// region applies to whom is set on each employee's record.
import '@mantine/core/styles/Badge.css';
import { Badge, Group, Paper, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { can } from '../../../../client/ui/permission-guard';
import { RowActions, RowsView, type RowColumn } from '../../../../client/ui/rows-view';
import { SelectField } from '../../../../client/ui/select-field';
import { DATE_FORMATS, formatCalendarDate, londonDate } from '../../../../shared/dates';
import { type BankHoliday } from '../../leave-settings.contract';
import {
  BANK_HOLIDAY_REGION_LABELS,
  BANK_HOLIDAY_REGIONS,
  BANK_HOLIDAY_YEARS,
  LEAVE_RESOURCES,
  type BankHolidayRegion,
} from '../../leave.contract';
import { bankHolidaysQueryOptions } from '../leave-settings.api';
import { CompanyDayForm } from './company-day-form';
import { ConfirmDelete, SettingsHeading, SettingsStates } from './form-parts';
import { FormModal } from '../../../../client/ui/form-modal';

const ENDPOINT = '/api/bank-holidays';
const REGION_OPTIONS = BANK_HOLIDAY_REGIONS.map((region) => ({ value: region, label: BANK_HOLIDAY_REGION_LABELS[region] }));
const YEARS = Array.from({ length: BANK_HOLIDAY_YEARS.last - BANK_HOLIDAY_YEARS.first + 1 }, (_, index) =>
  String(BANK_HOLIDAY_YEARS.first + index),
);
const WEEKDAY = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });

const COLUMNS: RowColumn<BankHoliday>[] = [
  {
    label: 'Date',
    render: (day) => `${WEEKDAY.format(new Date(`${day.date}T00:00:00Z`))} ${formatCalendarDate(day.date, DATE_FORMATS.date)}`,
  },
  {
    label: 'Name',
    render: (day) => (
      <Group gap={6}>
        <span>{day.name}</span>
        {day.projected && (
          <Badge variant="light" color="gray">
            Projected
          </Badge>
        )}
        {day.company_added && <Badge variant="light">Company day</Badge>}
      </Group>
    ),
  },
];

function thisYear(): string {
  const year = londonDate(new Date()).slice(0, 4);
  return YEARS.includes(year) ? year : String(BANK_HOLIDAY_YEARS.last);
}

export function BankHolidaysTab() {
  const [region, setRegion] = useState<BankHolidayRegion>('england-and-wales');
  const [year, setYear] = useState(thisYear);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<BankHoliday | null>(null);
  const days = useQuery(bankHolidaysQueryOptions(region, Number(year)));
  const mayAdd = can({ endpoint: ENDPOINT, method: 'POST' });
  const mayDelete = can({ endpoint: ENDPOINT, method: 'DELETE' });
  const actions = (day: BankHoliday) => (day.company_added ? <RowActions name={day.name} onDelete={() => setDeleting(day)} /> : null);
  return (
    <Stack gap="md">
      <SettingsHeading
        title="Bank holidays"
        description="Each employee’s region is set on their employment details."
        addLabel="Add a company day"
        onAdd={mayAdd ? () => setAdding(true) : null}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <SelectField
          label="Region"
          required
          data={REGION_OPTIONS}
          value={region}
          onChange={(value) => value && setRegion(value as BankHolidayRegion)}
        />
        <SelectField
          label="Year"
          required
          data={YEARS.map((value) => ({ value, label: value }))}
          value={year}
          onChange={(value) => value && setYear(value)}
        />
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <SettingsStates query={days} what="bank holidays" empty={`No bank holidays in ${year}.`}>
          {(rows) => (
            <RowsView label={`Bank holidays in ${year}`} rows={rows} columns={COLUMNS} actions={mayDelete ? actions : undefined} />
          )}
        </SettingsStates>
      </Paper>
      <FormModal opened={adding} title="Add a company day" onClose={() => setAdding(false)}>
        <CompanyDayForm region={region} onClose={() => setAdding(false)} />
      </FormModal>
      <ConfirmDelete
        resource={LEAVE_RESOURCES.bankHolidays}
        itemLabel="company day"
        item={deleting && { id: deleting.id, title: deleting.name }}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
