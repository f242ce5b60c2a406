import { sql, type Kysely } from 'kysely';

// Sign-in attempts per client address (IP, or the /64 of an IPv6 address) in fixed windows,
// shared by every server process. Like login_attempts: no company column and no row-level
// policy, because the row exists before any company is known and is reached only by the
// client's address, in the system scope of sign-in. The application role gets its usual
// grants from the default privileges.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_client_attempts')
    .addColumn('client', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_client_attempts').ifExists().execute();
}
