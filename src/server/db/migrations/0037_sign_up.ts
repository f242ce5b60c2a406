import { sql, type Kysely } from 'kysely';

// Company sign-up (SIGN_UP=open): a company's owner asks for a company, confirms their e-mail
// address with a single-use link, and only then is the company made. `sign_ups` holds the
// pending request (the link's token only as a hash), `sign_up_attempts` every request by the
// address asked for and by the client's network, so the per-address and per-network limits
// hold across server processes. Like login_client_attempts: no company column and no row-level
// policy — the rows exist before any company does and are reached only in the system scope of
// sign-up. A company remembers how it was made, for the administrators' list.
const REGIONS = sql.raw(`('england-and-wales', 'scotland', 'northern-ireland')`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE companies ADD COLUMN source text NOT NULL DEFAULT 'administrator'
              CHECK (source IN ('administrator', 'sign_up'))`.execute(db);
  await sql`CREATE INDEX companies_source_idx ON companies (source, created_at)`.execute(db);

  await sql`CREATE TABLE sign_ups (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    token_hash text NOT NULL UNIQUE,
    email text NOT NULL CHECK (char_length(email) <= 254),
    company_name text NOT NULL CHECK (char_length(company_name) <= 150),
    first_name text NOT NULL CHECK (char_length(first_name) <= 100),
    surname text NOT NULL CHECK (char_length(surname) <= 100),
    employees integer NOT NULL CHECK (employees BETWEEN 1 AND 100000),
    bank_holiday_region text NOT NULL CHECK (bank_holiday_region IN ${REGIONS}),
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    company_id uuid REFERENCES companies (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX sign_ups_email_idx ON sign_ups (lower(email))`.execute(db);

  await sql`CREATE TABLE sign_up_attempts (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email text NOT NULL,
    network text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX sign_up_attempts_email_idx ON sign_up_attempts (email, created_at)`.execute(db);
  await sql`CREATE INDEX sign_up_attempts_network_idx ON sign_up_attempts (network, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS sign_up_attempts`.execute(db);
  await sql`DROP TABLE IF EXISTS sign_ups`.execute(db);
  await sql`ALTER TABLE companies DROP COLUMN IF EXISTS source`.execute(db);
}
