// The tables of migration 0023 (the incident log) and the one view it reads sickness absences through.
import type { Generated } from 'kysely';
import type { SpecifiedInjury } from '../riddor';

export interface IncidentsTable {
  id: Generated<string>;
  company_id: string;
  created_at: Generated<Date>;
  occurred_at: Date;
  location: string;
  person_kind: 'employee' | 'other';
  person_user_id: string | null;
  person_name: string | null;
  person_contact: string | null;
  person_is_worker: Generated<boolean>;
  what_happened: string;
  injury: string | null;
  body_part: string | null;
  treatment: string | null;
  taken_to_hospital: Generated<boolean>;
  witnesses: string | null;
  reported_by: string | null;
  immediate_actions: string | null;
  death: Generated<boolean>;
  specified_injury: SpecifiedInjury | null;
  dangerous_occurrence: Generated<boolean>;
  occupational_disease: Generated<boolean>;
  diagnosed_on: string | null;
  incapacity_last_day: string | null;
  absence_id: string | null;
  riddor_reported_on: string | null;
  riddor_reference: string | null;
  riddor_reminded_at: Date | null;
  updated_at: Generated<Date>;
}

export interface IncidentFilesTable {
  id: Generated<string>;
  company_id: string;
  created_at: Generated<Date>;
  incident_id: string;
  file_id: string;
  created_by: string | null;
}

/** The seam to the leave module (a security-invoker view): sickness absences, approved or pending. */
export interface IncidentSicknessAbsencesView {
  id: string;
  company_id: string;
  user_id: string;
  start_date: string;
  end_date: string | null;
  returned_on: string | null;
  status: string;
}

declare module '../../../server/db/schema' {
  interface Database {
    incidents: IncidentsTable;
    incident_files: IncidentFilesTable;
    incident_sickness_absences: IncidentSicknessAbsencesView;
  }
}
