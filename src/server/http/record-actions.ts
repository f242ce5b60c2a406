// Decisions on one record (approve, decline, reject, pay, cancel…), each its own route:
// POST {path}/:id/{name} with its permission, the body parsed with the action's schema, and an
// id that is not a uuid answered as not found. A reason may be left out of a decline or a
// rejection: it counts as blank, so the answer is the reason's own message, not a missing key's.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import { AppError } from '../../shared/app-error';
import { isUuid } from '../../shared/ids';
import type { RouteAccess } from '../plugins/request-context';
import { parseInput } from './validate';

type RecordActionsOptions<TCaller, TName extends string> = {
  /** The records' path: `/api/absences`. */
  path: string;
  callerOf: (request: FastifyRequest) => TCaller;
  /** The permission of every action that does not name its own. */
  access: RouteAccess;
  /** The actions whose body gives a reason that may be left out ('decline', 'reject'). */
  reasonActions?: readonly TName[];
};

/** Returns `action(name, schema, run, access?)`, which mounts one decision on the module's records. */
export function recordActions<TCaller, TResult, TName extends string>(
  app: FastifyInstance,
  { path, callerOf, access: everyAction, reasonActions = [] }: RecordActionsOptions<TCaller, TName>,
) {
  return <TSchema extends v.GenericSchema>(
    name: TName,
    schema: TSchema,
    run: (caller: TCaller, id: string, body: v.InferOutput<TSchema>) => Promise<TResult>,
    access: RouteAccess = everyAction,
  ) => {
    app.post(`${path}/:id/${name}`, { config: { access } }, async (request) => {
      const id = (request.params as { id?: string }).id ?? '';
      if (!isUuid(id)) throw AppError.notFound();
      const body = reasonActions.includes(name) ? { reason: '', ...((request.body as object | null) ?? {}) } : (request.body ?? {});
      return run(callerOf(request), id, parseInput(schema, body));
    });
  };
}
