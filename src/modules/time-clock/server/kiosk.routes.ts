// The kiosk's HTTP surface. Administrators (the clock's settings permission): the company's
// kiosks, a new one (its token in the answer, once), revoke. Everyone: their own PIN; managers:
// reset a person's PIN (the timesheets' PUT, over the people in their reach). The tablet: public
// routes that take its device token from the X-Kiosk-Token header instead of a session.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { auditCallerOf } from '../../../server/audit/audit-entry';
import { auditSourceOf } from '../../../server/audit/audit-source';
import { parseInput } from '../../../server/http/validate';
import { AppError } from '../../../shared/app-error';
import { IDEMPOTENCY_KEY_HEADER } from '../../../shared/constants';
import { isUuid } from '../../../shared/ids';
import {
  CreateKioskInputSchema,
  KIOSK_TOKEN_HEADER,
  KioskEventInputSchema,
  KioskIdentifyInputSchema,
  SetPinInputSchema,
  kioskPaths,
} from '../kiosk.contract';
import { TIME_CLOCK_ENDPOINT, TIME_CLOCK_SETTINGS_ENDPOINT, TIMESHEETS_ENDPOINT } from '../time-clock.contract';
import { onceForKiosk } from './kiosk-once';
import {
  createKiosk,
  getPinStatus,
  identifyAtKiosk,
  kioskDevice,
  kioskOfToken,
  listKiosks,
  recordKioskEvent,
  resetPin,
  revokeKiosk,
  setPin,
  type KioskCaller,
} from './kiosk.service';

const paramOf = (request: FastifyRequest, name: 'id' | 'userId'): string => {
  const value = (request.params as Record<string, string | undefined>)[name] ?? '';
  if (!isUuid(value)) throw AppError.notFound();
  return value;
};

const tokenOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers[KIOSK_TOKEN_HEADER];
  return typeof header === 'string' ? header : undefined;
};

export const kioskRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const callerOf = (request: FastifyRequest): KioskCaller => ({ db: deps.db, ...auditCallerOf(request) });
  const settings = (method: 'GET' | 'POST' | 'DELETE') =>
    ({ config: { access: { endpoint: TIME_CLOCK_SETTINGS_ENDPOINT, method, scope: 'company' as const } } }) as const;

  app.get(kioskPaths.kiosks, settings('GET'), async (request) => listKiosks(callerOf(request)));
  app.post(kioskPaths.kiosks, settings('POST'), async (request) =>
    createKiosk(callerOf(request), parseInput(CreateKioskInputSchema, request.body ?? {})),
  );
  app.delete('/api/time-clock-kiosks/:id', settings('DELETE'), async (request) => revokeKiosk(callerOf(request), paramOf(request, 'id')));

  app.get(kioskPaths.pin, { config: { access: { endpoint: TIME_CLOCK_ENDPOINT, method: 'GET' } } }, async (request) =>
    getPinStatus(callerOf(request)),
  );
  app.put(kioskPaths.pin, { config: { access: { endpoint: TIME_CLOCK_ENDPOINT, method: 'POST' } } }, async (request) =>
    setPin(callerOf(request), parseInput(SetPinInputSchema, request.body ?? {})),
  );
  app.delete('/api/timesheets/pins/:userId', { config: { access: { endpoint: TIMESHEETS_ENDPOINT, method: 'PUT' } } }, async (request) =>
    resetPin(callerOf(request), paramOf(request, 'userId')),
  );

  app.get(kioskPaths.device, { config: { access: 'public' } }, async (request) => {
    const kiosk = await kioskOfToken(deps.db, tokenOf(request));
    return kioskDevice(deps.db, kiosk);
  });
  app.post(kioskPaths.identify, { config: { access: 'public' } }, async (request) => {
    const kiosk = await kioskOfToken(deps.db, tokenOf(request));
    return identifyAtKiosk(deps.db, kiosk, parseInput(KioskIdentifyInputSchema, request.body ?? {}));
  });
  app.post(kioskPaths.events, { config: { access: 'public' } }, async (request) => {
    const kiosk = await kioskOfToken(deps.db, tokenOf(request));
    const body = parseInput(KioskEventInputSchema, request.body ?? {});
    const key = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
    return onceForKiosk(deps.db, { kioskId: kiosk.id, key, body }, () => recordKioskEvent(deps.db, kiosk, body, auditSourceOf(request)));
  });
};
