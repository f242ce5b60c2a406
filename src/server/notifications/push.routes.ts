// The caller's own devices for Web Push: list them (with the server's public key), add this
// one, remove one, and remove this one by its endpoint when signing out. Company users only:
// an administrator has no company's notifications to push, and an administrator signed in as
// someone (impersonation) never subscribes their device to that person's notifications.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app-deps';
import { withSystem, withTenant, type Trx } from '../db/database';
import { parseInput } from '../http/validate';
import { pushKeys } from './push-sender';
import { deleteOwnDevice, listDevices, saveDevice, type PushDeviceRow } from './push.queries';
import { requireCompany, requireSession, type Session } from '../plugins/request-context';
import { publish } from '../realtime/publish';
import { AppError } from '../../shared/app-error';
import { isUuid } from '../../shared/ids';
import { userChannel } from '../../shared/realtime';
import {
  PUSH_SUBSCRIPTIONS_RESOURCE,
  PushRemoveInputSchema,
  PushSubscribeInputSchema,
  pushPaths,
  type PushDevice,
  type PushDevices,
} from '../../shared/push.contract';

export const pushMessages = {
  notForAdministrators: 'Notifications on devices are for company users.',
  notWhileImpersonating: 'Notifications cannot be turned on while signed in as someone else.',
  notAPushService: 'This is not a push service address.',
} as const;

/**
 * Push services are public https servers (FCM, Mozilla's, Apple's, Microsoft's). The server
 * POSTs to whatever a device registers, so nothing else is taken: no plain http, no address
 * literal, no local or internal names.
 */
export function isPushServiceEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || (url.port && url.port !== '443')) return false;
  const host = url.hostname.toLowerCase();
  if (host.startsWith('[') || /^[\d.]+$/.test(host) || !host.includes('.')) return false;
  return !/(^|\.)(localhost|local|internal|lan|home|corp|intranet)$/.test(host);
}

const toDevice = (row: PushDeviceRow): PushDevice => ({
  id: row.id,
  device: row.device,
  endpoint: row.endpoint,
  created_at: row.created_at.toISOString(),
  last_sent_at: row.last_sent_at?.toISOString() ?? null,
});

export const pushRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const owner = (session: Session) => ({ companyId: requireCompany(session), userId: session.userId });
  const companyUser = (session: Session) => {
    if (!session.companyId) throw AppError.forbidden(pushMessages.notForAdministrators);
    return owner(session);
  };
  const announce = (trx: Trx, session: Session) =>
    publish(trx, {
      channel: userChannel(session.userId),
      event: PUSH_SUBSCRIPTIONS_RESOURCE,
      invalidates: [PUSH_SUBSCRIPTIONS_RESOURCE],
      companyId: session.companyId,
    });

  app.get(pushPaths.list, { config: { access: 'authenticated' } }, async (request): Promise<PushDevices> => {
    const me = companyUser(requireSession(request));
    const [keys, rows] = await Promise.all([
      pushKeys(deps.config, deps.db),
      withTenant(deps.db, me.companyId, (trx) => listDevices(trx, me)),
    ]);
    return { public_key: keys.publicKey, results: rows.map(toDevice) };
  });

  app.post(pushPaths.list, { config: { access: 'authenticated' } }, async (request, reply): Promise<PushDevice> => {
    const session = requireSession(request);
    const me = companyUser(session);
    if (session.impersonatorId) throw AppError.forbidden(pushMessages.notWhileImpersonating);
    const input = parseInput(PushSubscribeInputSchema, request.body);
    if (!isPushServiceEndpoint(input.endpoint)) throw AppError.validation({ endpoint: [pushMessages.notAPushService] });
    const row = await withSystem(deps.db, async (trx) => {
      const saved = await saveDevice(trx, {
        ...me,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        device: input.device,
      });
      await announce(trx, session);
      return saved;
    });
    return reply.status(201).send(toDevice(row));
  });

  app.delete(`${pushPaths.list}/:id`, { config: { access: 'authenticated' } }, async (request, reply) => {
    const session = requireSession(request);
    const me = companyUser(session);
    const id = (request.params as { id?: string }).id ?? '';
    // Not an id, or not one of the caller's devices: the same answer, so nothing leaks.
    if (!isUuid(id)) throw AppError.notFound();
    const removed = await withTenant(deps.db, me.companyId, async (trx) => {
      const found = await deleteOwnDevice(trx, me, { id });
      if (found) await announce(trx, session);
      return found;
    });
    if (!removed) throw AppError.notFound();
    return reply.status(204).send();
  });

  // Signing out on this device: answered 204 whether or not it was subscribed, so a page can always call it.
  app.post(pushPaths.remove, { config: { access: 'authenticated' } }, async (request, reply) => {
    const session = requireSession(request);
    const { endpoint } = parseInput(PushRemoveInputSchema, request.body);
    if (session.companyId) {
      const me = owner(session);
      await withTenant(deps.db, me.companyId, async (trx) => {
        if (await deleteOwnDevice(trx, me, { endpoint })) await announce(trx, session);
      });
    }
    return reply.status(204).send();
  });
};
