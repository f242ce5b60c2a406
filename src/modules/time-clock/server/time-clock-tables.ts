// The tables of migration 0052 (the time clock).
import type { ColumnType, Generated } from 'kysely';
import type { ApprovalState, ClockEventKind, ClockFlag } from '../time-clock.contract';

type TenantRow = { id: Generated<string>; company_id: string; created_at: Generated<Date> };

export interface TimeClockSettingsTable {
  company_id: string;
  max_drift_minutes: Generated<number>;
  reminder_grace_minutes: Generated<number>;
  updated_at: Generated<Date>;
}

export interface TimeClockEntriesTable extends TenantRow {
  user_id: string;
  shift_id: string | null;
  clock_in_at: ColumnType<Date, Date | string, Date | string>;
  clock_out_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  break_minutes: Generated<number>;
  worked_minutes: number | null;
  flags: ColumnType<ClockFlag[], ClockFlag[] | undefined, ClockFlag[]>;
  approval: Generated<ApprovalState>;
  approved_by: string | null;
  approved_at: Date | null;
  reminded_at: Date | null;
  payroll_period_id: string | null;
  exported_at: Date | null;
  updated_at: Generated<Date>;
}

export interface TimeClockEventsTable extends TenantRow {
  entry_id: string;
  user_id: string;
  kind: ClockEventKind;
  at: ColumnType<Date, Date | string, Date | string>;
  recorded_at: ColumnType<Date, Date | string, Date | string>;
  device_time: ColumnType<Date | null, Date | string | null, Date | string | null>;
  received_at: ColumnType<Date, Date | string | undefined, Date | string>;
  flag: ClockFlag | null;
  source: Generated<'device' | 'auto_close'>;
}

export interface TimeClockEditsTable extends TenantRow {
  entry_id: string;
  field: 'clock_in_at' | 'clock_out_at' | 'break_minutes';
  from_value: string | null;
  to_value: string | null;
  reason: string;
  edited_by: string | null;
}

declare module '../../../server/db/schema' {
  interface Database {
    time_clock_settings: TimeClockSettingsTable;
    time_clock_entries: TimeClockEntriesTable;
    time_clock_events: TimeClockEventsTable;
    time_clock_edits: TimeClockEditsTable;
  }
}
