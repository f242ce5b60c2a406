// GET /api/batch: several of the API's own reads in one request (the dashboard's cards, which
// each read their own endpoint). The server replays each read through its own route, with the
// caller's session, so each answer is what that GET alone would have answered: its data, or
// its refusal (401, 403, 404) — never more than the route itself would give.
import * as v from 'valibot';

export const BATCH_READ_PATH = '/api/batch';

/** The reads one batch may hold: the dashboard's cards for the widest role, with room to spare. */
export const BATCH_READ_MAX = 30;

/** An API read as the client would send it: `/api/…` with its query string, printable ASCII only. */
const API_READ = /^\/api\/[\x21-\x7e]*$/;

export const BatchReadQuerySchema = v.object({
  read: v.pipe(
    v.array(v.pipe(v.string(), v.maxLength(2000), v.regex(API_READ, 'Each read must be an /api/ address.'))),
    v.minLength(1, 'Name at least one read.'),
    v.maxLength(BATCH_READ_MAX, `At most ${BATCH_READ_MAX} reads in one batch.`),
  ),
});
export type BatchReadQuery = v.InferOutput<typeof BatchReadQuerySchema>;

/** One read's answer: the status its route gave and its JSON body (none when the route sent no JSON). */
export type BatchAnswer = { status: number; body?: unknown };

/** The answers in the order the reads were named. */
export type BatchReadResponse = { answers: BatchAnswer[] };
