// The time clock's HTTP surface: the caller's clock and its events (their own), the week's
// timesheets and who is in now, with edits and approval (/api/timesheets: managers their departments, owners and
// HR admins the company), and the company's clock settings.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { auditCallerOf } from '../../../server/audit/audit-entry';
import { parseInput } from '../../../server/http/validate';
import { AppError } from '../../../shared/app-error';
import { isUuid } from '../../../shared/ids';
import {
  ApproveAllInputSchema,
  ClockEventInputSchema,
  EditEntryInputSchema,
  TIME_CLOCK_ENDPOINT,
  TIME_CLOCK_SETTINGS_ENDPOINT,
  TIMESHEETS_ENDPOINT,
  TimeClockSettingsInputSchema,
  TimesheetQuerySchema,
  timeClockPaths,
} from '../time-clock.contract';
import { getMyClock, getSettings, recordClockEvent, updateSettings, type TimeClockCaller } from './time-clock.service';
import { approveEntries, editEntry, getTimesheets } from './timesheets.service';
import { getInNow } from './time-clock-in-now';
import { registerClockingRoutes } from './time-clock-location.routes';

const idOf = (request: FastifyRequest): string => {
  const id = (request.params as { id?: string }).id ?? '';
  if (!isUuid(id)) throw AppError.notFound();
  return id;
};

export const timeClockRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const callerOf = (request: FastifyRequest): TimeClockCaller => ({ db: deps.db, modules: deps.modules, ...auditCallerOf(request) });

  app.get(timeClockPaths.clock, { config: { access: { endpoint: TIME_CLOCK_ENDPOINT, method: 'GET' } } }, async (request) =>
    getMyClock(callerOf(request)),
  );
  app.post(timeClockPaths.events, { config: { access: { endpoint: TIME_CLOCK_ENDPOINT, method: 'POST' } } }, async (request) =>
    recordClockEvent(callerOf(request), parseInput(ClockEventInputSchema, request.body ?? {})),
  );

  app.get(timeClockPaths.timesheets, { config: { access: { endpoint: TIMESHEETS_ENDPOINT, method: 'GET' } } }, async (request) =>
    getTimesheets(callerOf(request), parseInput(TimesheetQuerySchema, request.query ?? {}), request.scope ?? 'own'),
  );
  app.get(timeClockPaths.inNow, { config: { access: { endpoint: TIMESHEETS_ENDPOINT, method: 'GET' } } }, async (request) =>
    getInNow(callerOf(request), request.scope ?? 'own'),
  );
  app.post(timeClockPaths.approveAll, { config: { access: { endpoint: TIMESHEETS_ENDPOINT, method: 'PUT' } } }, async (request) =>
    approveEntries(callerOf(request), parseInput(ApproveAllInputSchema, request.body ?? {})),
  );
  app.post('/api/timesheets/:id/approve', { config: { access: { endpoint: TIMESHEETS_ENDPOINT, method: 'PUT' } } }, async (request) =>
    approveEntries(callerOf(request), { ids: [idOf(request)] }),
  );
  app.put('/api/timesheets/:id', { config: { access: { endpoint: TIMESHEETS_ENDPOINT, method: 'PUT' } } }, async (request) => {
    const id = idOf(request);
    return editEntry(callerOf(request), id, parseInput(EditEntryInputSchema, request.body ?? {}));
  });

  app.get(
    timeClockPaths.settings,
    { config: { access: { endpoint: TIME_CLOCK_SETTINGS_ENDPOINT, method: 'GET', scope: 'company' } } },
    async (request) => getSettings(callerOf(request)),
  );
  app.put(
    timeClockPaths.settings,
    { config: { access: { endpoint: TIME_CLOCK_SETTINGS_ENDPOINT, method: 'PUT', scope: 'company' } } },
    async (request) => updateSettings(callerOf(request), parseInput(TimeClockSettingsInputSchema, request.body ?? {})),
  );
  registerClockingRoutes(app, callerOf);
};
