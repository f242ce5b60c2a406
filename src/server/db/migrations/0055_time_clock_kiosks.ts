import { sql, type Kysely } from 'kysely';
import { enableTenantRls } from '../rls';

// The time clock's kiosks: a location's shared tablet, known by the hash of its device token
// (the token itself is shown once and never kept), with when it was last seen and when it was
// revoked; each person's kiosk PIN (scrypt hash only); and the PIN attempts made on a tablet,
// which pause a person (and the tablet) after too many wrong ones. Every table is a company's
// own under row-level security, like the time clock's other tables.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE time_clock_kiosks (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      location_id uuid NOT NULL REFERENCES company_locations(id) ON DELETE CASCADE,
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
      token_hash text NOT NULL UNIQUE,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz,
      revoked_by uuid REFERENCES users(id) ON DELETE SET NULL,
      revoked_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX time_clock_kiosks_company_idx ON time_clock_kiosks (company_id, created_at)`.execute(db);
  await enableTenantRls(db, 'time_clock_kiosks');

  await sql`
    CREATE TABLE time_clock_pins (
      company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      pin_hash text NOT NULL,
      set_by uuid REFERENCES users(id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, user_id)
    )`.execute(db);
  await enableTenantRls(db, 'time_clock_pins');

  await sql`
    CREATE TABLE time_clock_kiosk_attempts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      kiosk_id uuid NOT NULL REFERENCES time_clock_kiosks(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      succeeded boolean NOT NULL,
      at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX time_clock_kiosk_attempts_idx ON time_clock_kiosk_attempts (kiosk_id, at)`.execute(db);
  await enableTenantRls(db, 'time_clock_kiosk_attempts');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['time_clock_kiosk_attempts', 'time_clock_pins', 'time_clock_kiosks']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
