// The caller's own notifications: list by page, mark all read, click one. Every
// signed-in user has them; an administrator's (no company) live in the system scope.
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../app-deps';
import { withSystem, withTenant, type Trx } from '../db/database';
import { parseInput } from '../http/validate';
import { toNotification } from './notify';
import { findNotifications, markAllRead, markClicked } from './notifications.queries';
import { requireSession, type Session } from '../plugins/request-context';
import { publish } from '../realtime/publish';
import { AppError } from '../../shared/app-error';
import { listResponse, pagingFrom } from '../../shared/list';
import { userChannel } from '../../shared/realtime';
import {
  ClickNotificationInputSchema,
  NOTIFICATIONS_RESOURCE,
  notificationPaths,
  type NotificationsPage,
} from '../../shared/notifications.contract';

const uuid = v.pipe(v.string(), v.uuid());

/** Tells the user's other devices to refetch their list and badge. */
const NOTIFICATIONS_CHANGED_EVENT = 'notifications.changed';

export const notificationsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const inOwnScope = <T>(session: Session, fn: (trx: Trx) => Promise<T>) =>
    session.companyId ? withTenant(deps.db, session.companyId, fn) : withSystem(deps.db, fn);
  const owner = (session: Session) => ({ companyId: session.companyId, userId: session.userId });
  const announceChange = (trx: Trx, session: Session) =>
    publish(trx, {
      channel: userChannel(session.userId),
      event: NOTIFICATIONS_CHANGED_EVENT,
      invalidates: [NOTIFICATIONS_RESOURCE],
      companyId: session.companyId,
    });

  app.get(notificationPaths.list, { config: { access: 'authenticated' } }, async (request): Promise<NotificationsPage> => {
    const session = requireSession(request);
    const paging = pagingFrom((request.query ?? {}) as Record<string, unknown>);
    const page = await inOwnScope(session, (trx) => findNotifications(trx, { ...owner(session), ...paging }));
    return { ...listResponse(page.results.map(toNotification), page.count, paging), unread: page.unread };
  });

  app.post(notificationPaths.read, { config: { access: 'authenticated' } }, async (request, reply) => {
    const session = requireSession(request);
    await inOwnScope(session, async (trx) => {
      if ((await markAllRead(trx, owner(session))) > 0) await announceChange(trx, session);
    });
    return reply.status(204).send();
  });

  app.post(notificationPaths.click, { config: { access: 'authenticated' } }, async (request, reply) => {
    const session = requireSession(request);
    const { id } = parseInput(ClickNotificationInputSchema, request.body);
    // Not an id at all, or not the caller's: the same answer, so nothing leaks.
    if (!v.is(uuid, id)) throw AppError.notFound();
    const clicked = await inOwnScope(session, async (trx) => {
      const found = await markClicked(trx, { ...owner(session), id });
      if (found) await announceChange(trx, session);
      return found;
    });
    if (!clicked) throw AppError.notFound();
    return reply.status(204).send();
  });
};
