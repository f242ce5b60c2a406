// What every personal-record route shares: a record with its own id (a next of kin, a note)
// is reached through the person it belongs to, and every write is audited and tells the
// company's open apps which resource to refetch (never what changed: no personal data).
import type { Db, Trx } from '../../../server/db/database';
import type { Session } from '../../../server/plugins/request-context';
import type { HttpMethod } from '../../../shared/scopes';
import { withRecordPerson, type PersonContext } from '../../../server/http/person-access';
import { findRecordOwner } from './personal-records.queries';

/** The names of the fields a change sets: what an audit entry keeps instead of their values. */
export const fieldsOf = (change: object) => ({
  fields: Object.entries(change)
    .filter(([, value]) => value !== undefined)
    .map(([key]) => key),
});

/**
 * Runs `fn` for the person record `id` of `table` belongs to, with the caller's level for
 * `endpoint`/`method` checked against that person. Undefined when no such record exists in
 * the caller's company.
 */
export function withPersonRecord<T>(
  db: Db,
  input: { session: Session; table: 'user_next_of_kin' | 'user_notes'; id: string; endpoint: string; method: HttpMethod },
  fn: (context: PersonContext) => Promise<T>,
): Promise<T | undefined> {
  const { table, id } = input;
  const ownerOf = async (trx: Trx, companyId: string) => (await findRecordOwner(trx, { table, id, companyId }))?.user_id;
  return withRecordPerson(db, { ...input, ownerOf }, fn);
}
