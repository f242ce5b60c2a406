// The incidents report on /reports: the accident book by month, location or RIDDOR outcome —
// incidents, injuries, hospital visits, reportable to the HSE, and working days lost after the
// accident. Sensitive: injuries are health data, so the report never reaches the offline cache.
import { groupedReport } from '../../../server/reports/grouped-report';
import { INCIDENT_ENDPOINT } from '../incidents.contract';
import { assessRiddor, RIDDOR_CATEGORY_LABELS, type SpecifiedInjury } from '../riddor';
import { findReportIncidents, type ReportIncident } from './incidents-report.queries';

type Group = 'month' | 'location' | 'outcome';

const assess = (incident: ReportIncident) =>
  assessRiddor({
    accidentDate: incident.occurred_on,
    isWorker: incident.person_is_worker,
    death: incident.death,
    specifiedInjury: incident.specified_injury as SpecifiedInjury | null,
    takenToHospital: incident.taken_to_hospital,
    dangerousOccurrence: incident.dangerous_occurrence,
    occupationalDisease: incident.occupational_disease,
    incapacityLastDay: incident.incapacity_last_day,
  });

const keyOf: Record<Group, (incident: ReportIncident) => string> = {
  month: (incident) => incident.occurred_on.slice(0, 7),
  location: (incident) => incident.location,
  outcome: (incident) => {
    const { category } = assess(incident);
    return category ? RIDDOR_CATEGORY_LABELS[category] : 'Not reportable';
  },
};

type IncidentCounts = { label: string; incidents: number; injuries: number; hospital: number; reportable: number; days_lost: number };

/** The incidents counted by group: months in order, other groups with the most incidents first. */
function countIncidents(incidents: readonly ReportIncident[], group: Group): IncidentCounts[] {
  const groups = new Map<string, IncidentCounts>();
  for (const incident of incidents) {
    const label = keyOf[group](incident);
    const counts = groups.get(label) ?? { label, incidents: 0, injuries: 0, hospital: 0, reportable: 0, days_lost: 0 };
    const riddor = assess(incident);
    counts.incidents += 1;
    counts.injuries += incident.injured ? 1 : 0;
    counts.hospital += incident.taken_to_hospital ? 1 : 0;
    counts.reportable += riddor.reportable ? 1 : 0;
    counts.days_lost += riddor.incapacityDays;
    groups.set(label, counts);
  }
  return [...groups.values()].sort((a, b) => (group === 'month' ? a.label.localeCompare(b.label) : b.incidents - a.incidents));
}

export const incidentsReport = groupedReport({
  key: 'incidents',
  title: 'Incidents',
  description: 'The accident book: incidents, injuries, hospital visits, RIDDOR reportable and days lost, by month, location or outcome.',
  endpoint: INCIDENT_ENDPOINT,
  sensitive: true,
  groups: [
    { value: 'month', label: 'Month' },
    { value: 'location', label: 'Location' },
    { value: 'outcome', label: 'RIDDOR outcome' },
  ],
  find: async (trx, input) => countIncidents(await findReportIncidents(trx, input), input.group),
  columns: [
    { key: 'incidents', label: 'Incidents', value: (row) => row.incidents, total: 'sum', chart: 'orange.6' },
    { key: 'injuries', label: 'Injuries', value: (row) => row.injuries, total: 'sum' },
    { key: 'hospital', label: 'Taken to hospital', value: (row) => row.hospital, total: 'sum' },
    { key: 'reportable', label: 'RIDDOR reportable', value: (row) => row.reportable, total: 'sum', chart: 'red.6' },
    { key: 'days_lost', label: 'Days lost', value: (row) => row.days_lost, total: 'sum' },
  ],
});
