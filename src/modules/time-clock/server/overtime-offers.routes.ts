// The HTTP surface of time offered as overtime: the person reads, claims or dismisses their own
// offer (what clocking their own time allows); owners and HR admins set the threshold (what the
// clock's settings allow).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { auditCallerOf } from '../../../server/audit/audit-entry';
import { parseInput } from '../../../server/http/validate';
import { AppError } from '../../../shared/app-error';
import { isUuid } from '../../../shared/ids';
import { ClaimOfferInputSchema, OfferSettingsSchema, overtimeOfferPaths } from '../overtime-offers.contract';
import { TIME_CLOCK_ENDPOINT, TIME_CLOCK_SETTINGS_ENDPOINT } from '../time-clock.contract';
import { claimOffer, dismissOffer, getOffer, getOfferSettings, saveOfferSettings, type OfferCaller } from './overtime-offers.service';

const idOf = (request: FastifyRequest): string => {
  const id = (request.params as { id?: string }).id ?? '';
  if (!isUuid(id)) throw AppError.notFound();
  return id;
};

export const overtimeOfferRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const callerOf = (request: FastifyRequest): OfferCaller => ({
    db: deps.db,
    mail: deps.mail,
    modules: deps.modules,
    ...auditCallerOf(request),
  });
  const own = (method: 'GET' | 'POST') => ({ config: { access: { endpoint: TIME_CLOCK_ENDPOINT, method } } });

  app.get(overtimeOfferPaths.routes.offer, own('GET'), async (request) => getOffer(callerOf(request), idOf(request)));
  app.post(overtimeOfferPaths.routes.claim, own('POST'), async (request) =>
    claimOffer(callerOf(request), idOf(request), parseInput(ClaimOfferInputSchema, request.body ?? {})),
  );
  app.post(overtimeOfferPaths.routes.dismiss, own('POST'), async (request) => dismissOffer(callerOf(request), idOf(request)));

  app.get(
    overtimeOfferPaths.settings,
    { config: { access: { endpoint: TIME_CLOCK_SETTINGS_ENDPOINT, method: 'GET', scope: 'company' } } },
    async (request) => getOfferSettings(callerOf(request)),
  );
  app.put(
    overtimeOfferPaths.settings,
    { config: { access: { endpoint: TIME_CLOCK_SETTINGS_ENDPOINT, method: 'PUT', scope: 'company' } } },
    async (request) => saveOfferSettings(callerOf(request), parseInput(OfferSettingsSchema, request.body ?? {})),
  );
};
