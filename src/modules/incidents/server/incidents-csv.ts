// The incident log as CSV (UTF-8 with a BOM so spreadsheet programs read the pound sign and
// accents), one row a record, dates British. A cell starting with = + - @ is prefixed with an
// apostrophe so a spreadsheet never runs it as a formula.
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

function cell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

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
  return `\uFEFF${[HEADER, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
