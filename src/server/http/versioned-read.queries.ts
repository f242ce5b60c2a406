// The company's data version (read_versions, bumped by every published write: migration 0030)
// as versioned-read.ts reads it: on its own, or as a column beside another query.
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';

/** The row of events that concern no company (global channel, administrators): every company's reads include it. */
export const GLOBAL_READ_SCOPE = '00000000-0000-0000-0000-000000000000';

/** The company's and the global data versions, as one string. */
export async function readDataVersion(db: Db, companyId: string): Promise<string> {
  const { rows } = await sql<{ scope: string; version: string }>`
    SELECT scope::text AS scope, version::text AS version FROM read_versions
    WHERE scope IN (${companyId}::uuid, ${GLOBAL_READ_SCOPE}::uuid)`.execute(db);
  const of = (scope: string) => rows.find((row) => row.scope === scope)?.version ?? '0';
  return `${of(companyId)}.${of(GLOBAL_READ_SCOPE)}`;
}

/**
 * readDataVersion as a column beside another query (`company` a uuid expression): the
 * authenticator reads it with the session, so a versioned read needs no round trip of its own.
 */
export function dataVersionOf(company: RawBuilder<unknown>): RawBuilder<string> {
  const of = (scope: RawBuilder<unknown>) => sql`coalesce((SELECT version::text FROM read_versions WHERE scope = ${scope}), '0')`;
  return sql<string>`(${of(company)} || '.' || ${of(sql`${sql.lit(GLOBAL_READ_SCOPE)}::uuid`)})`;
}
