// Rotas: the grid, building and publishing (department scope and up on /api/rota), shifts
// made open when their person is away, my shifts, claims and swaps (own scope), templates,
// settings and the personal feed.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../../server/app-deps';
import { auditCallerOf } from '../../../server/audit/audit-entry';
import { withTenant } from '../../../server/db/database';
import { daysOffOf, type DaysOff } from '../../../server/module-hooks';
import { parseInput } from '../../../server/http/validate';
import { requireCompany, requireSession } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { londonDate } from '../../../shared/dates';
import { scopeRank, type HttpMethod, type Scope } from '../../../shared/scopes';
import {
  ApplyTemplateInputSchema,
  CopyWeekInputSchema,
  OfferInputSchema,
  OptOutInputSchema,
  PublishInputSchema,
  RangeQuerySchema,
  ROTA_ENDPOINT,
  SettingsInputSchema,
  ShiftInputSchema,
  SWAP_ACTIONS,
  TemplateInputSchema,
  uuidParam,
  type RotaGrid,
} from '../rotas.contract';
import { mountRotaCalendar } from './rota-calendar';
import { makeOpen, markDaysOff } from './rota-days-off';
import { applyTemplate, findSwaps, findTemplates, getRotaSettings, saveRotaSettings, saveTemplate, setOptOut } from './rota-extras.queries';
import { actOnSwap, claimShift, getMyRota, offerShift } from './rota-people.service';
import { findRotaPeople, findShiftPerson, findShifts } from './rota-shifts.queries';
import {
  announce,
  changeShift,
  checkDraft,
  copyWeek,
  createShift,
  publishRange,
  reachOf,
  removeShift,
  requireDepartment,
  type RotaCaller,
} from './rota.service';

const access = (method: HttpMethod, scope?: Scope) => ({
  config: { access: { endpoint: ROTA_ENDPOINT, method, ...(scope ? { scope } : {}) } },
});
const BUILD = 'department' as const;

function rotaCallerOf(request: FastifyRequest, daysOff: DaysOff | null): RotaCaller {
  const session = requireSession(request);
  if (!request.scope) throw AppError.forbidden();
  return { ...auditCallerOf(request), companyId: requireCompany(session), level: request.scope, daysOff };
}
const idOf = (request: FastifyRequest) => {
  const { id } = request.params as { id: string };
  if (!v.is(uuidParam, id)) throw AppError.notFound();
  return id;
};

export const rotaRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const daysOff = daysOffOf(deps.modules);
  const callerOf = (request: FastifyRequest) => rotaCallerOf(request, daysOff);
  const origin = deps.config.publicOrigin ?? `http://localhost:${deps.config.port}`;

  // The grid: builders see drafts of their reach; everyone else the published shifts of their departments.
  // Read through the company's data version (versioned-read.ts): shifts, swaps and settings change
  // only by writes that announce themselves, and the days off are leave's absences, which bump it.
  const grid = { config: { ...access('GET').config, versionedRead: true as const } };
  app.get(ROTA_ENDPOINT, grid, async (request): Promise<RotaGrid> => {
    const caller = callerOf(request);
    const query = parseInput(RangeQuerySchema, request.query ?? {});
    const builds = scopeRank(caller.level) >= scopeRank(BUILD);
    const reach = builds ? reachOf(caller) : caller.session.departmentIds;
    return withTenant(db, caller.companyId, async (trx) => {
      const filter = {
        companyId: caller.companyId,
        from: query.from,
        to: query.to,
        departmentIds: reach,
        ...(query.department_id ? { departmentId: query.department_id } : {}),
        ...(query.location_id ? { locationId: query.location_id } : {}),
      };
      const found = await findShifts(trx, { ...filter, publishedOnly: !builds });
      const people = builds
        ? await findRotaPeople(trx, {
            companyId: caller.companyId,
            departmentIds: reach,
            date: query.from,
            ...(query.department_id ? { departmentId: query.department_id } : {}),
          })
        : [];
      // A builder learns who is away among the people they build for; anyone else only of themselves.
      const inReach = new Set(people.map((person) => person.id));
      const shifts = await markDaysOff(trx, {
        daysOff,
        companyId: caller.companyId,
        shifts: found,
        mayKnow: (userId) => userId === caller.session.userId || inReach.has(userId),
      });
      return { from: query.from, to: query.to, shifts, people, may_build: builds };
    });
  });

  app.post('/api/rota/check', access('POST', BUILD), async (request) => {
    const shift = parseInput(ShiftInputSchema, request.body ?? {});
    return { findings: await checkDraft(db, { caller: callerOf(request), shift }) };
  });

  app.post(ROTA_ENDPOINT, access('POST', BUILD), async (request, reply) => {
    const shift = parseInput(ShiftInputSchema, request.body ?? {});
    const { created, ...saved } = await createShift(db, { caller: callerOf(request), shift });
    return reply.code(created ? 201 : 200).send(saved);
  });

  app.put('/api/rota/:id', access('PUT', BUILD), async (request) => {
    const id = idOf(request);
    const shift = parseInput(ShiftInputSchema, request.body ?? {});
    return changeShift(db, { caller: callerOf(request), id, shift });
  });

  app.delete('/api/rota/:id', access('DELETE', BUILD), async (request, reply) => {
    await removeShift(db, { caller: callerOf(request), id: idOf(request) });
    return reply.code(204).send();
  });

  app.post('/api/rota/publish', access('POST', BUILD), async (request) => {
    const range = parseInput(PublishInputSchema, request.body ?? {});
    return publishRange(db, { caller: callerOf(request), range, origin });
  });

  app.post('/api/rota/copy-week', access('POST', BUILD), async (request) => {
    const input = parseInput(CopyWeekInputSchema, request.body ?? {});
    const copied = await copyWeek(db, {
      caller: callerOf(request),
      fromWeek: input.from_week,
      toWeek: input.to_week,
      departmentId: input.department_id,
    });
    return { copied };
  });

  app.post('/api/rota/:id/make-open', access('PUT', BUILD), async (request) => ({
    shift: await makeOpen(db, { caller: callerOf(request), id: idOf(request) }),
  }));

  app.get('/api/rota/mine', access('GET'), async (request) => getMyRota(db, callerOf(request)));

  app.post('/api/rota/:id/claim', access('PUT'), async (request) => {
    await claimShift(db, { caller: callerOf(request), id: idOf(request) });
    return { claimed: true };
  });

  app.post('/api/rota/:id/offer', access('PUT'), async (request) => {
    const id = idOf(request);
    const input = parseInput(OfferInputSchema, request.body ?? {});
    return offerShift(db, { caller: callerOf(request), id, note: input.note });
  });

  app.get('/api/rota-swaps', access('GET'), async (request) => {
    const caller = callerOf(request);
    return withTenant(db, caller.companyId, async (trx) => ({
      results: (
        await findSwaps(trx, { companyId: caller.companyId, departmentIds: reachOf(caller) ?? null, userId: caller.session.userId })
      ).map(({ department_id: _d, ...swap }) => swap),
    }));
  });

  app.post('/api/rota-swaps/:id/:action', access('PUT'), async (request) => {
    const id = idOf(request);
    const { action } = request.params as { action: string };
    if (!v.is(v.picklist(SWAP_ACTIONS), action)) throw AppError.notFound();
    return actOnSwap(db, { caller: callerOf(request), id, action });
  });

  app.get('/api/rota-templates', access('GET', BUILD), async (request) => {
    const caller = callerOf(request);
    return withTenant(db, caller.companyId, async (trx) => ({
      results: await findTemplates(trx, { companyId: caller.companyId, departmentIds: reachOf(caller) }),
    }));
  });

  app.post('/api/rota-templates', access('POST', BUILD), async (request, reply) => {
    const caller = callerOf(request);
    const input = parseInput(TemplateInputSchema, request.body ?? {});
    requireDepartment(caller, input.department_id);
    const id = await withTenant(db, caller.companyId, async (trx) => {
      const saved = await saveTemplate(trx, {
        companyId: caller.companyId,
        departmentId: input.department_id,
        name: input.name,
        week: input.week,
        createdBy: caller.session.userId,
      });
      await announce(trx, caller.companyId, 'rota.template_saved');
      return saved;
    });
    return reply.code(201).send({ id });
  });

  app.post('/api/rota-templates/:id/apply', access('POST', BUILD), async (request) => {
    const caller = callerOf(request);
    const id = idOf(request);
    const input = parseInput(ApplyTemplateInputSchema, request.body ?? {});
    const added = await withTenant(db, caller.companyId, async (trx) => {
      const count = await applyTemplate(trx, {
        companyId: caller.companyId,
        id,
        week: input.week,
        departmentIds: reachOf(caller),
        createdBy: caller.session.userId,
      });
      if (count === undefined) throw AppError.notFound();
      await announce(trx, caller.companyId, 'rota.template_applied');
      return count;
    });
    return { added };
  });

  app.get('/api/rota-settings', access('GET'), async (request) => {
    const caller = callerOf(request);
    return withTenant(db, caller.companyId, (trx) => getRotaSettings(trx, caller.companyId));
  });

  app.put('/api/rota-settings', access('PUT', 'company'), async (request) => {
    const caller = callerOf(request);
    const input = parseInput(SettingsInputSchema, request.body ?? {});
    return withTenant(db, caller.companyId, async (trx) => {
      await saveRotaSettings(trx, { companyId: caller.companyId, ...input });
      await announce(trx, caller.companyId, 'rota.settings_saved');
      return getRotaSettings(trx, caller.companyId);
    });
  });

  app.put('/api/rota-opt-out/:userId', access('PUT', BUILD), async (request) => {
    const caller = callerOf(request);
    const { userId } = request.params as { userId: string };
    if (!v.is(uuidParam, userId)) throw AppError.notFound();
    const input = parseInput(OptOutInputSchema, request.body ?? {});
    return withTenant(db, caller.companyId, async (trx) => {
      const person = await findShiftPerson(trx, { companyId: caller.companyId, userId });
      if (!person) throw AppError.notFound();
      const reach = reachOf(caller);
      if (reach && !person.department_ids.some((id) => reach.includes(id))) throw AppError.forbidden();
      await setOptOut(trx, { companyId: caller.companyId, userId, optOut: input.working_time_opt_out });
      await announce(trx, caller.companyId, 'rota.opt_out_changed');
      return { user_id: userId, working_time_opt_out: input.working_time_opt_out, date: londonDate(new Date()) };
    });
  });

  mountRotaCalendar(app, deps);
};
