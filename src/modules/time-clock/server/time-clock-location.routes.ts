// The clocking settings' HTTP surface (owners and HR admins, the company): whether people may
// clock in without a rota shift, and each location's site (record location, centre, radius).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseInput } from '../../../server/http/validate';
import { AppError } from '../../../shared/app-error';
import { isUuid } from '../../../shared/ids';
import { ClockingRulesInputSchema, ClockSiteInputSchema, clockingPaths } from '../time-clock-location.contract';
import { TIME_CLOCK_SETTINGS_ENDPOINT } from '../time-clock.contract';
import { getClockingSettings, updateClockingRules, updateClockSite } from './time-clock-location';
import type { TimeClockCaller } from './time-clock.service';

const access = (method: 'GET' | 'PUT') => ({
  config: { access: { endpoint: TIME_CLOCK_SETTINGS_ENDPOINT, method, scope: 'company' as const } },
});

export function registerClockingRoutes(app: FastifyInstance, callerOf: (request: FastifyRequest) => TimeClockCaller): void {
  app.get(clockingPaths.clocking, access('GET'), async (request) => getClockingSettings(callerOf(request)));
  app.put(clockingPaths.clocking, access('PUT'), async (request) =>
    updateClockingRules(callerOf(request), parseInput(ClockingRulesInputSchema, request.body ?? {})),
  );
  app.put('/api/time-clock-settings/sites/:locationId', access('PUT'), async (request) => {
    const locationId = (request.params as { locationId?: string }).locationId ?? '';
    if (!isUuid(locationId)) throw AppError.notFound();
    return updateClockSite(callerOf(request), locationId, parseInput(ClockSiteInputSchema, request.body ?? {}));
  });
}
