import { sql, type Kysely } from 'kysely';
import { enableTenantRls } from '../rls';

// The time clock: a person's entries (clock-in to clock-out, matched to their rota shift when
// one fits), the events that make them (clock in, break start, break end, clock out) with the
// device's time, the time the server received them and the time used, flags for the manager
// (device time not kept, auto-closed, edited), the manager's edits with their reasons (the
// original values kept), approval, and the payroll period an approved entry went out in.
// Roles that exist get the module's entries (the values as they are when this was written).

const ROLE_ENTRIES: ReadonlyArray<readonly [role: string, endpoint: string, scope: string]> = [
  ['Owner', '/api/time-clock', 'own'],
  ['HR admin', '/api/time-clock', 'own'],
  ['Manager', '/api/time-clock', 'own'],
  ['Employee', '/api/time-clock', 'own'],
  ['Owner', '/api/timesheets', 'company'],
  ['HR admin', '/api/timesheets', 'company'],
  ['Manager', '/api/timesheets', 'department'],
  ['Owner', '/api/time-clock-settings', 'company'],
  ['HR admin', '/api/time-clock-settings', 'company'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE time_clock_settings (
      company_id uuid PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
      max_drift_minutes integer NOT NULL DEFAULT 1440 CHECK (max_drift_minutes BETWEEN 5 AND 10080),
      reminder_grace_minutes integer NOT NULL DEFAULT 30 CHECK (reminder_grace_minutes BETWEEN 0 AND 720),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await enableTenantRls(db, 'time_clock_settings');

  await sql`
    CREATE TABLE time_clock_entries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      shift_id uuid REFERENCES rota_shifts(id) ON DELETE SET NULL,
      clock_in_at timestamptz NOT NULL,
      clock_out_at timestamptz,
      break_minutes integer NOT NULL DEFAULT 0 CHECK (break_minutes >= 0),
      worked_minutes integer CHECK (worked_minutes >= 0),
      flags text[] NOT NULL DEFAULT '{}',
      approval text NOT NULL DEFAULT 'pending' CHECK (approval IN ('pending', 'approved')),
      approved_by uuid REFERENCES users(id) ON DELETE SET NULL,
      approved_at timestamptz,
      reminded_at timestamptz,
      payroll_period_id uuid,
      exported_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (clock_out_at IS NULL OR (clock_out_at >= clock_in_at AND clock_out_at - clock_in_at <= interval '24 hours'))
    )`.execute(db);
  // One open entry a person: two phones clocking in at once cannot both open one.
  await sql`CREATE UNIQUE INDEX time_clock_entries_open_uq ON time_clock_entries (company_id, user_id) WHERE clock_out_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX time_clock_entries_person_idx ON time_clock_entries (company_id, user_id, clock_in_at)`.execute(db);
  await sql`CREATE INDEX time_clock_entries_range_idx ON time_clock_entries (company_id, clock_in_at)`.execute(db);
  await sql`CREATE INDEX time_clock_entries_shift_idx ON time_clock_entries (shift_id) WHERE shift_id IS NOT NULL`.execute(db);
  await enableTenantRls(db, 'time_clock_entries');

  await sql`
    CREATE TABLE time_clock_events (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      entry_id uuid NOT NULL REFERENCES time_clock_entries(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('clock_in', 'break_start', 'break_end', 'clock_out')),
      -- The time used (a manager's edit changes it); recorded_at is the time first recorded.
      at timestamptz NOT NULL,
      recorded_at timestamptz NOT NULL,
      device_time timestamptz,
      received_at timestamptz NOT NULL DEFAULT now(),
      flag text,
      source text NOT NULL DEFAULT 'device' CHECK (source IN ('device', 'auto_close')),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX time_clock_events_entry_idx ON time_clock_events (entry_id, at)`.execute(db);
  await enableTenantRls(db, 'time_clock_events');

  await sql`
    CREATE TABLE time_clock_edits (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      entry_id uuid NOT NULL REFERENCES time_clock_entries(id) ON DELETE CASCADE,
      field text NOT NULL CHECK (field IN ('clock_in_at', 'clock_out_at', 'break_minutes')),
      from_value text,
      to_value text,
      reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 500),
      edited_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX time_clock_edits_entry_idx ON time_clock_edits (entry_id)`.execute(db);
  await enableTenantRls(db, 'time_clock_edits');

  for (const [role, endpoint, scope] of ROLE_ENTRIES) {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
      await sql`
        INSERT INTO role_permissions (role_id, company_id, endpoint, method, type)
        SELECT r.id, r.company_id, ${endpoint}, ${method}, ${scope} FROM roles r
        WHERE r.name = ${role} AND r.company_id IS NOT NULL
        ON CONFLICT DO NOTHING`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM role_permissions WHERE endpoint IN ('/api/time-clock', '/api/timesheets', '/api/time-clock-settings')`.execute(db);
  for (const table of ['time_clock_edits', 'time_clock_events', 'time_clock_entries', 'time_clock_settings']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
