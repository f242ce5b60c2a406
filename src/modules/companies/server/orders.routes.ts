// /api/orders: a company's owner reads its plan and order history, orders seats or a product,
// and downloads a confirmed order's invoice — always their own company's. /api/company-orders:
// the administrators' queue of every company's orders, confirmed or declined there.
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../../server/app-deps';
import { auditCallerOf } from '../../../server/audit/audit-entry';
import { withSystem, withTenant } from '../../../server/db/database';
import { attachmentDisposition } from '../../../server/files/file-names';
import { parseInput } from '../../../server/http/validate';
import { requireCompany, requireSession } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { listResponse, pagingFrom } from '../../../shared/list';
import {
  COMPANY_ORDERS_ENDPOINT,
  DecideOrderInputSchema,
  invoiceNumber,
  monthlyPerSeat,
  ORDERS_ENDPOINT,
  OrderQueueQuerySchema,
  PlaceOrderInputSchema,
  type OrdersPage,
} from '../orders.contract';
import { findCompanyOrders, findInvoicedCompany, findOrder, findOrderQueue, findPlan } from './orders.queries';
import { decideCompanyOrder, placeOrder } from './orders.service';

const IdParams = v.object({ id: v.pipe(v.string(), v.uuid()) });
const parseId = (params: unknown) => {
  const parsed = v.safeParse(IdParams, params);
  if (!parsed.success) throw AppError.notFound();
  return parsed.output.id;
};
const owners = (method: 'GET' | 'POST') => ({ access: { endpoint: ORDERS_ENDPOINT, method, scope: 'company' as const } });
const administrators = (method: 'GET' | 'PUT') => ({ access: { endpoint: COMPANY_ORDERS_ENDPOINT, method, scope: 'global' as const } });

export const ordersRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.get(ORDERS_ENDPOINT, { config: owners('GET') }, async (request) => {
    const companyId = requireCompany(requireSession(request));
    const paging = pagingFrom((request.query ?? {}) as Record<string, unknown>);
    return withTenant(db, companyId, async (trx): Promise<OrdersPage> => {
      const plan = await findPlan(trx, companyId);
      if (!plan) throw AppError.notFound();
      const page = await findCompanyOrders(trx, { companyId, paging });
      const billed = plan.seats ?? plan.seatsUsed;
      return {
        plan: {
          products: plan.products,
          seats: plan.seats,
          seats_used: plan.seatsUsed,
          monthly_pence: billed * monthlyPerSeat(plan.products),
        },
        orders: listResponse(page.results, page.count, paging),
      };
    });
  });

  app.post(ORDERS_ENDPOINT, { config: owners('POST') }, async (request, reply) => {
    const input = parseInput(PlaceOrderInputSchema, request.body);
    return reply.status(201).send(await placeOrder({ deps, caller: auditCallerOf(request), input }));
  });

  app.get(`${ORDERS_ENDPOINT}/:id/invoice`, { config: owners('GET') }, async (request, reply) => {
    const companyId = requireCompany(requireSession(request));
    const id = parseId(request.params);
    const found = await withTenant(db, companyId, async (trx) => {
      const order = await findOrder(trx, { id, companyId });
      const company = await findInvoicedCompany(trx, companyId);
      return order && company ? { order, company } : undefined;
    });
    if (!found) throw AppError.notFound();
    if (found.order.status !== 'confirmed') throw new AppError('conflict', { message: 'An invoice is made once the order is confirmed.' });
    const { invoicePdf } = await import('./invoice-pdf');
    const pdf = await invoicePdf(found.order, found.company);
    return reply
      .type('application/pdf')
      .header('content-disposition', attachmentDisposition(`stafflane-invoice-${invoiceNumber(found.order)}.pdf`))
      .send(Buffer.from(pdf));
  });

  app.get(COMPANY_ORDERS_ENDPOINT, { config: administrators('GET') }, async (request) => {
    const raw = (request.query ?? {}) as Record<string, unknown>;
    const paging = pagingFrom(raw);
    const { offset: _offset, limit: _limit, page: _page, ...filters } = raw;
    const query = parseInput(OrderQueueQuerySchema, filters);
    const page = await withSystem(db, (trx) => findOrderQueue(trx, { ...(query.status ? { status: query.status } : {}), paging }));
    return listResponse(page.results, page.count, paging);
  });

  app.put(`${COMPANY_ORDERS_ENDPOINT}/:id`, { config: administrators('PUT') }, async (request) => {
    const id = parseId(request.params);
    const input = parseInput(DecideOrderInputSchema, request.body ?? {});
    return decideCompanyOrder({ deps, caller: auditCallerOf(request), id, input });
  });
};
