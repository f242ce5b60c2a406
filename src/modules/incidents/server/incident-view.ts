// A record as the API answers it, with its RIDDOR assessment: the day count follows the linked
// sickness absence when there is one (its last day off is the day before the return, or its end
// date; an absence still open counts to today), else the last day typed on the record.
import { addDays, londonDate } from '../../../shared/dates';
import { assessRiddor } from '../riddor';
import { incidentPaths, RETENTION_YEARS, type Incident, type IncidentDetail, type Riddor } from '../incidents.contract';
import type { IncidentRow } from './incidents.queries';

export const incidentDate = (row: Pick<IncidentRow, 'occurred_at'>) => londonDate(row.occurred_at);

export function retentionUntil(row: Pick<IncidentRow, 'occurred_at'>): string {
  const date = incidentDate(row);
  return `${Number(date.slice(0, 4)) + RETENTION_YEARS}${date.slice(4)}`;
}

function lastDayOff(row: IncidentRow, today: string): { lastDay: string | null; from: Riddor['days_from'] } {
  if (row.absence_id && row.absence_start) {
    const lastDay = row.absence_returned_on ? addDays(row.absence_returned_on, -1) : (row.absence_end ?? today);
    return { lastDay: lastDay > today ? today : lastDay, from: 'absence' };
  }
  if (row.incapacity_last_day) return { lastDay: row.incapacity_last_day, from: 'entered' };
  return { lastDay: null, from: null };
}

export function riddorOf(row: IncidentRow, today: string): Riddor {
  const { lastDay, from } = lastDayOff(row, today);
  const result = assessRiddor({
    accidentDate: incidentDate(row),
    isWorker: row.person_is_worker,
    death: row.death,
    specifiedInjury: row.specified_injury,
    takenToHospital: row.taken_to_hospital,
    dangerousOccurrence: row.dangerous_occurrence,
    occupationalDisease: row.occupational_disease,
    incapacityLastDay: lastDay,
  });
  const status = result.reportable
    ? row.riddor_reported_on
      ? 'reported'
      : 'reportable'
    : result.category === 'over_3_day'
      ? 'record_only'
      : 'not_reportable';
  return {
    category: result.category,
    reportable: result.reportable,
    deadline: result.deadline,
    written_report_due: result.writtenReportDue,
    incapacity_days: result.incapacityDays,
    days_from: from,
    status,
    reported_on: row.riddor_reported_on,
    reference: row.riddor_reference,
  };
}

export function toIncident(row: IncidentRow, today: string): Incident {
  return {
    id: row.id,
    occurred_at: row.occurred_at.toISOString(),
    location: row.location,
    person: {
      kind: row.person_kind,
      user_id: row.person_user_id,
      name: row.person_kind === 'employee' ? (row.employee_name ?? 'Former employee') : (row.person_name ?? ''),
      contact: row.person_contact,
      is_worker: row.person_is_worker,
    },
    what_happened: row.what_happened,
    taken_to_hospital: row.taken_to_hospital,
    riddor: riddorOf(row, today),
    reported_by_id: row.reported_by,
    reported_by_name: row.reported_by_name,
    created_at: row.created_at.toISOString(),
    retention_until: retentionUntil(row),
  };
}

export function toIncidentDetail(
  row: IncidentRow,
  parts: {
    today: string;
    canEdit: boolean;
    files: { id: string; original_name: string; mime_type: string; created_at: Date }[];
    actions: IncidentDetail['actions'];
  },
): IncidentDetail {
  return {
    ...toIncident(row, parts.today),
    injury: row.injury,
    body_part: row.body_part,
    treatment: row.treatment,
    witnesses: row.witnesses,
    immediate_actions: row.immediate_actions,
    death: row.death,
    specified_injury: row.specified_injury,
    dangerous_occurrence: row.dangerous_occurrence,
    occupational_disease: row.occupational_disease,
    diagnosed_on: row.diagnosed_on,
    incapacity_last_day: row.incapacity_last_day,
    absence:
      row.absence_id && row.absence_start
        ? { id: row.absence_id, start_date: row.absence_start, end_date: row.absence_end, returned_on: row.absence_returned_on }
        : null,
    files: parts.files.map((file) => ({
      id: file.id,
      name: file.original_name,
      mime_type: file.mime_type,
      download_path: incidentPaths.file(row.id, file.id),
      created_at: file.created_at.toISOString(),
    })),
    actions: parts.actions,
    can_edit: parts.canEdit,
  };
}
