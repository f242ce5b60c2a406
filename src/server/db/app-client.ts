// The connection the application's request pool uses: a pg Client that spares PostgreSQL work
// it would otherwise do for every request.
// - A transaction's BEGIN goes out with the statement after it when that statement has no
//   parameters (withTenant's set_config): one round trip instead of two. A transaction that
//   ends before sending anything sends nothing.
// - A statement with parameters that the process has sent before is prepared on the connection
//   under a name made from its text, and from then on only bound and executed: PostgreSQL parses
//   it once per connection and, once its plans cost alike, plans it once too (the team month's
//   absences spent longer being planned than run). Each connection prepares at most
//   MAX_PREPARED_PER_CONNECTION statements; past that, the rest are sent unnamed as before.
import { createHash } from 'node:crypto';
import pg from 'pg';

/** Distinct statements a connection keeps prepared (each holds its parse tree and plan in the backend). */
export const MAX_PREPARED_PER_CONNECTION = 250;
/** Statement texts the process counts; a text seen once (a one-off) is never prepared. */
const MAX_COUNTED_TEXTS = 5_000;

const timesSeen = new Map<string, number>();
const namesByText = new Map<string, string>();

/** The prepared-statement name for `text` once it has been sent before, else null. */
function preparedName(text: string): string | null {
  const known = namesByText.get(text);
  if (known) return known;
  const seen = (timesSeen.get(text) ?? 0) + 1;
  if (seen < 2) {
    if (timesSeen.size >= MAX_COUNTED_TEXTS) timesSeen.clear();
    timesSeen.set(text, seen);
    return null;
  }
  timesSeen.delete(text);
  const name = `s_${createHash('sha1').update(text).digest('base64url')}`;
  if (namesByText.size < MAX_COUNTED_TEXTS) namesByText.set(text, name);
  return name;
}

type Result = pg.QueryResult;
const ended = (command: string): Result => ({ command, rowCount: null, oid: 0, fields: [], rows: [] });
/** The last statement's result of a simple query that held several. */
const lastOf = (result: Result | Result[]): Result => (Array.isArray(result) ? result[result.length - 1]! : result);

const isBegin = (text: string) => /^\s*begin\s*$/i.test(text);
const isEnd = (text: string) => /^\s*(commit|rollback)\s*$/i.test(text);

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;

export class AppClient extends pg.Client {
  #beginPending = false;
  readonly #prepared = new Set<string>();

  override query(...args: Parameters<Query>): never {
    const [config, values, callback] = args;
    const send = super.query.bind(this) as Query;
    // Only the promise form Kysely uses: (text, values). Anything else goes as it came.
    if (typeof config !== 'string' || callback !== undefined || typeof values === 'function') {
      if (this.#beginPending) {
        // Queued ahead of it; should the BEGIN fail, so does the statement after it.
        this.#beginPending = false;
        void (send('begin') as Promise<Result>).catch(() => undefined);
      }
      return send(...args) as never;
    }
    const params = (values as unknown[] | undefined) ?? [];
    if (params.length === 0 && isBegin(config)) {
      if (this.#beginPending) return send(config) as never; // a BEGIN inside a BEGIN: let PostgreSQL say so
      this.#beginPending = true;
      return Promise.resolve(ended('BEGIN')) as never;
    }
    if (this.#beginPending) {
      this.#beginPending = false;
      if (params.length === 0) {
        if (isEnd(config)) return Promise.resolve(ended(config.trim().toUpperCase())) as never;
        return (send(`BEGIN;${config}`) as Promise<Result | Result[]>).then(lastOf) as never;
      }
      return (send('begin') as Promise<Result>).then(() => this.#send(send, config, params)) as never;
    }
    return this.#send(send, config, params) as never;
  }

  #send(send: Query, text: string, params: unknown[]): Promise<Result> {
    const name = params.length > 0 ? preparedName(text) : null;
    if (name && (this.#prepared.has(name) || this.#prepared.size < MAX_PREPARED_PER_CONNECTION)) {
      this.#prepared.add(name);
      return send({ name, text, values: params }) as Promise<Result>;
    }
    return send(text, params) as Promise<Result>;
  }
}
