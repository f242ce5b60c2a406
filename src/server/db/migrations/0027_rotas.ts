import { sql, type Kysely } from 'kysely';
import { enableTenantRls } from '../rls';

// Rotas: shifts (assigned, or open when no one is), week templates, swap offers, the
// company's rota settings and the person's opt-out of the 48-hour average (a field of their
// employment record). Managers build rotas for their own departments: the Manager role's
// /api/rota entries (own in the first role templates) become department-wide here.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE rota_shifts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      user_id uuid REFERENCES users(id) ON DELETE CASCADE,
      department_id uuid NOT NULL REFERENCES departments(id) ON DELETE CASCADE,
      location_id uuid REFERENCES company_locations(id) ON DELETE SET NULL,
      start_at timestamptz NOT NULL,
      end_at timestamptz NOT NULL,
      break_minutes integer NOT NULL DEFAULT 0 CHECK (break_minutes BETWEEN 0 AND 720),
      role text NOT NULL DEFAULT '' CHECK (char_length(role) <= 100),
      notes text NOT NULL DEFAULT '' CHECK (char_length(notes) <= 1000),
      colour text NOT NULL DEFAULT 'blue',
      published boolean NOT NULL DEFAULT false,
      published_at timestamptz,
      -- A published shift changed since people were told: the next publish tells them again.
      changed_after_publish boolean NOT NULL DEFAULT false,
      override_reason text,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (end_at > start_at AND end_at - start_at <= interval '24 hours'),
      CHECK (break_minutes * interval '1 minute' < end_at - start_at)
    )`.execute(db);
  await sql`CREATE INDEX rota_shifts_range_idx ON rota_shifts (company_id, start_at)`.execute(db);
  await sql`CREATE INDEX rota_shifts_person_idx ON rota_shifts (company_id, user_id, start_at) WHERE user_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX rota_shifts_department_idx ON rota_shifts (company_id, department_id, start_at)`.execute(db);
  await enableTenantRls(db, 'rota_shifts');

  await sql`
    CREATE TABLE rota_templates (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      department_id uuid NOT NULL REFERENCES departments(id) ON DELETE CASCADE,
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
      -- The week's shifts as offsets from Monday 00:00 London time.
      shifts jsonb NOT NULL DEFAULT '[]'::jsonb,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (company_id, department_id, name)
    )`.execute(db);
  await enableTenantRls(db, 'rota_templates');

  await sql`
    CREATE TABLE rota_swaps (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      shift_id uuid NOT NULL REFERENCES rota_shifts(id) ON DELETE CASCADE,
      offered_by uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      accepted_by uuid REFERENCES users(id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'offered' CHECK (status IN ('offered', 'accepted', 'approved', 'declined', 'cancelled')),
      note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 500),
      decided_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX rota_swaps_open_uq ON rota_swaps (shift_id) WHERE status IN ('offered', 'accepted')`.execute(db);
  await enableTenantRls(db, 'rota_swaps');

  await sql`
    CREATE TABLE rota_settings (
      company_id uuid PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
      swaps_need_approval boolean NOT NULL DEFAULT true,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await enableTenantRls(db, 'rota_settings');

  await sql`ALTER TABLE user_employment_details ADD COLUMN working_time_opt_out boolean NOT NULL DEFAULT false`.execute(db);

  // Managers build their departments' rotas (the value as it is when this migration was written).
  await sql`
    UPDATE role_permissions p SET type = 'department'
    FROM roles r
    WHERE r.id = p.role_id AND r.name = 'Manager' AND r.company_id IS NOT NULL
      AND p.endpoint = '/api/rota' AND p.type = 'own'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE role_permissions p SET type = 'own'
    FROM roles r
    WHERE r.id = p.role_id AND r.name = 'Manager' AND p.endpoint = '/api/rota' AND p.type = 'department'`.execute(db);
  await sql`ALTER TABLE user_employment_details DROP COLUMN IF EXISTS working_time_opt_out`.execute(db);
  for (const table of ['rota_swaps', 'rota_templates', 'rota_shifts', 'rota_settings']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
