// A calendar a person subscribes to from their calendar app (GET …/{token}.ics). The app sends
// no bearer token, so the route is public and the person's token (users.icalendar_token, reset
// in their settings) is the secret: a malformed or unknown one, or one whose holder is no longer
// active, is a 404 like any other missing file. A module declares the path and writes the file
// for the token's holder; this checks the token and sends the iCalendar.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps';
import { withSystem } from '../db/database';
import { AppError } from '../../shared/app-error';
import { londonDate } from '../../shared/dates';
import { findCalendarHolder, type CalendarHolder } from './calendar-feed.queries';

export type { CalendarHolder };

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * Mounts GET `path` (which ends in `:token.ics`): `write` returns the whole iCalendar file of
 * `holder` as London's `today` sees it (see writeCalendar).
 */
export function mountCalendarFeed(
  app: FastifyInstance,
  deps: AppDeps,
  path: string,
  write: (holder: CalendarHolder, today: string) => Promise<string>,
): void {
  app.get(path, { config: { access: 'public' } }, async (request, reply) => {
    const token = (request.params as { token?: string }).token ?? '';
    if (!TOKEN_PATTERN.test(token)) throw AppError.notFound();
    const holder = await withSystem(deps.db, (trx) => findCalendarHolder(trx, token));
    if (!holder) throw AppError.notFound();
    const body = await write(holder, londonDate(new Date()));
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('cache-control', 'private, max-age=900')
      .header('x-content-type-options', 'nosniff')
      .send(body);
  });
}
