// The connection the application's request pool uses: a pg Client that spares PostgreSQL work
// it would otherwise do for every request.
// - A transaction's BEGIN, and the SET LOCAL of its company or scope that withTenant and
//   withSystem send next, wait for the transaction's first real statement and go out with it in
//   one round trip: in the same pipeline of extended-protocol messages (one Sync) when that
//   statement has parameters, else as one simple query. A transaction that ends before sending
//   anything sends nothing.
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
/** The last statement's result of a query that held several. */
const lastOf = (result: Result | Result[]): Result => (Array.isArray(result) ? result[result.length - 1]! : result);

const isBegin = (text: string) => /^\s*begin\s*$/i.test(text);
const isEnd = (text: string) => /^\s*(commit|rollback)\s*$/i.test(text);
/** A transaction's own setting (withTenant's company, withSystem's scope): it returns nothing. */
const isSetLocal = (text: string) => /^\s*set\s+local\s+[\w.]+\s*(=|to)\s*'[^';]*'\s*$/i.test(text);

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/** What pg's Query and connection offer that its types do not say: enough to send statements ahead of a query's own. */
type WireConnection = {
  parsedStatements: Record<string, string>;
  parse: (message: { text: string; name: string; types: unknown[] }) => void;
  bind: (message: { portal: string; statement: string; values: unknown[] }) => void;
  execute: (message: { portal: string; rows: number }) => void;
};
type PreparingQuery = pg.Query & { prepare: (connection: WireConnection) => void };

export class AppClient extends pg.Client {
  /** BEGIN and the transaction's settings, not sent yet: they go out with the next statement. */
  #ahead: string[] | null = null;
  readonly #prepared = new Set<string>();

  override query(...args: Parameters<Query>): never {
    const [config, values, callback] = args;
    const send = super.query.bind(this) as Query;
    // Only the promise form Kysely uses: (text, values). Anything else goes as it came.
    if (typeof config !== 'string' || callback !== undefined || typeof values === 'function') {
      const ahead = this.#takeAhead();
      // Queued ahead of it; should they fail, so does the statement after them.
      if (ahead) void (send(ahead.join(';')) as Promise<Result>).catch(() => undefined);
      return send(...args) as never;
    }
    const params = (values as unknown[] | undefined) ?? [];
    if (params.length === 0 && isBegin(config)) {
      if (this.#ahead) return send(config) as never; // a BEGIN inside a BEGIN: let PostgreSQL say so
      this.#ahead = ['BEGIN'];
      return Promise.resolve(ended('BEGIN')) as never;
    }
    if (this.#ahead && params.length === 0) {
      if (isSetLocal(config)) {
        this.#ahead.push(config);
        return Promise.resolve(ended('SET')) as never;
      }
      const ahead = this.#takeAhead()!;
      if (isEnd(config)) return Promise.resolve(ended(config.trim().toUpperCase())) as never;
      return (send([...ahead, config].join(';')) as Promise<Result | Result[]>).then(lastOf) as never;
    }
    return this.#send(send, config, params, this.#takeAhead()) as never;
  }

  #takeAhead(): string[] | null {
    const ahead = this.#ahead;
    this.#ahead = null;
    return ahead;
  }

  #send(send: Query, text: string, params: unknown[], ahead: string[] | null): Promise<Result> {
    const prepared = params.length > 0 ? preparedName(text) : null;
    const name = prepared && (this.#prepared.has(prepared) || this.#prepared.size < MAX_PREPARED_PER_CONNECTION) ? prepared : null;
    if (name) this.#prepared.add(name);
    const statement = name ? { name, text, values: params } : { text, values: params };
    if (!ahead) return send(statement) as Promise<Result>;
    // Sent in one pipeline when the statement needs no Parse of its own under its name: pg marks
    // a name parsed at the first ParseComplete of its query, which would then be the BEGIN's.
    const connection = (this as unknown as { connection: WireConnection }).connection;
    if (name && connection.parsedStatements[name] === undefined) {
      return (send(ahead.join(';')) as Promise<unknown>).then(() => send(statement) as Promise<Result>);
    }
    return new Promise<Result>((resolve, reject) => {
      // Extended, so that it is prepared (pg's types do not know queryMode).
      const config = { ...statement, queryMode: 'extended' } as unknown as pg.QueryConfig;
      const query = new pg.Query(config, (error: Error | undefined, result: unknown) =>
        error ? reject(error) : resolve(lastOf(result as Result | Result[])),
      ) as PreparingQuery;
      const prepare = query.prepare.bind(query);
      query.prepare = (wire) => {
        for (const line of ahead) {
          wire.parse({ text: line, name: '', types: [] });
          wire.bind({ portal: '', statement: '', values: [] });
          wire.execute({ portal: '', rows: 0 });
        }
        prepare(wire);
      };
      send(query);
    });
  }
}
