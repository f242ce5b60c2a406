// Record ids are UUIDs. Ids reach the server from URLs and bodies; a malformed one finds
// nothing (a 404) rather than failing in PostgreSQL.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
