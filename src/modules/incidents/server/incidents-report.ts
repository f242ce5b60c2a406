// The incidents report on /reports: the accident book by month, location or RIDDOR outcome —
// incidents, injuries, hospital visits, reportable to the HSE, and working days lost after the
// accident. Sensitive: injuries are health data, so the report never reaches the offline cache.
import type { ReportDefinition } from '../../../server/reports/report-definition';
import { chosenGroup, groupedResult, type ReportGroup } from '../../../server/reports/grouped-report';
import type { ReportResult, ReportRow } from '../../../shared/reports.contract';
import { INCIDENT_ENDPOINT } from '../incidents.contract';
import { assessRiddor, RIDDOR_CATEGORY_LABELS, type SpecifiedInjury } from '../riddor';
import { findReportIncidents, type ReportIncident } from './incidents-report.queries';

type Group = 'month' | 'location' | 'outcome';
const GROUPS: [ReportGroup<Group>, ...ReportGroup<Group>[]] = [
  { value: 'month', label: 'Month' },
  { value: 'location', label: 'Location' },
  { value: 'outcome', label: 'RIDDOR outcome' },
];

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

export const incidentsReport: ReportDefinition = {
  key: 'incidents',
  title: 'Incidents',
  description: 'The accident book: incidents, injuries, hospital visits, RIDDOR reportable and days lost, by month, location or outcome.',
  endpoint: INCIDENT_ENDPOINT,
  sensitive: true,
  group_by: GROUPS,
  async run(trx, { companyId, filters, reach }): Promise<ReportResult> {
    const group = chosenGroup(GROUPS, filters.group_by);
    const groups = new Map<string, ReportRow>();
    for (const incident of await findReportIncidents(trx, { companyId, reach, filters })) {
      const label = keyOf[group.value](incident);
      const row = groups.get(label) ?? { group: label, incidents: 0, injuries: 0, hospital: 0, reportable: 0, days_lost: 0 };
      const riddor = assess(incident);
      row.incidents = (row.incidents as number) + 1;
      row.injuries = (row.injuries as number) + (incident.injured ? 1 : 0);
      row.hospital = (row.hospital as number) + (incident.taken_to_hospital ? 1 : 0);
      row.reportable = (row.reportable as number) + (riddor.reportable ? 1 : 0);
      row.days_lost = (row.days_lost as number) + riddor.incapacityDays;
      groups.set(label, row);
    }
    const rows = [...groups.values()].sort((a, b) =>
      group.value === 'month' ? String(a.group).localeCompare(String(b.group)) : (b.incidents as number) - (a.incidents as number),
    );
    return groupedResult({
      group,
      columns: [
        { key: 'incidents', label: 'Incidents', kind: 'number' },
        { key: 'injuries', label: 'Injuries', kind: 'number' },
        { key: 'hospital', label: 'Taken to hospital', kind: 'number' },
        { key: 'reportable', label: 'RIDDOR reportable', kind: 'number' },
        { key: 'days_lost', label: 'Days lost', kind: 'number' },
      ],
      rows,
      summed: ['incidents', 'injuries', 'hospital', 'reportable', 'days_lost'],
      series: [
        { name: 'incidents', label: 'Incidents', color: 'orange.6' },
        { name: 'reportable', label: 'RIDDOR reportable', color: 'red.6' },
      ],
    });
  },
};
