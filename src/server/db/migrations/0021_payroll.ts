import type { Kysely } from 'kysely';

// Placeholder registered ahead of its work so that parallel branches do not fight over the
// migration list; filled in by the change that owns it.
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
