// The incident log as CSV through the platform's writer (src/server/files/csv.ts), one row a
// record, dates British, the days off a number.
import { toCsv } from '../../../server/files/csv';
import { DATE_FORMATS, formatCalendarDate, formatLondon } from '../../../shared/dates';
import { RIDDOR_CATEGORY_LABELS } from '../riddor';
import { RIDDOR_STATUS_LABELS, type Incident } from '../incidents.contract';

const HEADER = [
  'Date and time',
  'Location',
  'Person involved',
  'Employee or other',
  'What happened',
  'Taken to hospital',
  'RIDDOR category',
  'RIDDOR status',
  'Days off',
  'Report by',
  'Reported on',
  'Reference',
  'Reported by',
];

export function incidentsCsv(incidents: readonly Incident[]): string {
  const rows = incidents.map((incident) => [
    formatLondon(incident.occurred_at, DATE_FORMATS.dateTime),
    incident.location,
    incident.person.name,
    incident.person.kind === 'employee' ? 'Employee' : incident.person.is_worker ? 'Other worker' : 'Non-worker',
    incident.what_happened,
    incident.taken_to_hospital ? 'Yes' : 'No',
    incident.riddor.category ? RIDDOR_CATEGORY_LABELS[incident.riddor.category] : '',
    RIDDOR_STATUS_LABELS[incident.riddor.status],
    incident.riddor.incapacity_days,
    incident.riddor.deadline
      ? formatCalendarDate(incident.riddor.deadline, DATE_FORMATS.date)
      : incident.riddor.reportable
        ? 'Without delay'
        : '',
    incident.riddor.reported_on ? formatCalendarDate(incident.riddor.reported_on, DATE_FORMATS.date) : '',
    incident.riddor.reference,
    incident.reported_by_name,
  ]);
  return toCsv([HEADER, ...rows]);
}
