import { sql, type Kysely } from 'kysely';
import { enableTenantRls } from '../rls';

// The time clock's optional location: per company location, whether a clock event records the
// phone's position, with the site's latitude, longitude and radius; the position an event was
// sent with (with its accuracy and its distance from the site) or why it has none, and the
// flag it earned. Coordinates are personal data: retention erases them (the row, its flag and
// distance kept). The company's switch for clocking in without a rota shift.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE time_clock_settings ADD COLUMN clock_without_shift boolean NOT NULL DEFAULT true`.execute(db);

  await sql`
    CREATE TABLE time_clock_sites (
      location_id uuid PRIMARY KEY REFERENCES company_locations(id) ON DELETE CASCADE,
      company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      record_location boolean NOT NULL DEFAULT false,
      latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
      longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
      radius_m integer NOT NULL CHECK (radius_m BETWEEN 20 AND 5000),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX time_clock_sites_company_idx ON time_clock_sites (company_id)`.execute(db);
  await enableTenantRls(db, 'time_clock_sites');

  await sql`
    CREATE TABLE time_clock_event_locations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      event_id uuid NOT NULL UNIQUE REFERENCES time_clock_events(id) ON DELETE CASCADE,
      entry_id uuid NOT NULL REFERENCES time_clock_entries(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      location_id uuid REFERENCES company_locations(id) ON DELETE SET NULL,
      latitude double precision CHECK (latitude BETWEEN -90 AND 90),
      longitude double precision CHECK (longitude BETWEEN -180 AND 180),
      accuracy_m double precision CHECK (accuracy_m >= 0),
      distance_m integer CHECK (distance_m >= 0),
      flag text CHECK (flag IN ('outside_location', 'location_unavailable')),
      recorded_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX time_clock_event_locations_entry_idx ON time_clock_event_locations (entry_id)`.execute(db);
  await sql`CREATE INDEX time_clock_event_locations_retention_idx ON time_clock_event_locations (company_id, recorded_at)`.execute(db);
  await enableTenantRls(db, 'time_clock_event_locations');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('time_clock_event_locations').ifExists().execute();
  await db.schema.dropTable('time_clock_sites').ifExists().execute();
  await sql`ALTER TABLE time_clock_settings DROP COLUMN IF EXISTS clock_without_shift`.execute(db);
}
