// Orders: an owner orders more seats or a product for their own company; an administrator
// confirms it (the company's seats or products change in the same transaction) or declines it
// with a reason; the company's owners are told in their bell and by e-mail. Every administrator
// gets a to-do for a new order, which ends when one of them decides it. No payment is taken
// here: a confirmed order's invoice is settled outside the product.
import type { AppDeps } from '../../../server/app-deps';
import { auditCaller, type AuditCaller } from '../../../server/audit/audit-entry';
import { withSystem, type Trx } from '../../../server/db/database';
import { escapeHtml } from '../../../server/mail/html';
import { enqueueEmail } from '../../../server/mail/mail.queries';
import { notify } from '../../../server/notifications/notify';
import { resolveTodos, todoSubject } from '../../../server/notifications/resolve-todos';
import { requireCompany } from '../../../server/plugins/request-context';
import { publish } from '../../../server/realtime/publish';
import { AppError } from '../../../shared/app-error';
import { companyChannel, GLOBAL_CHANNEL } from '../../../shared/realtime';
import { PRODUCT_LABELS } from '../companies.contract';
import {
  describeOrder,
  ORDERS_RESOURCE,
  orderAmountPence,
  type DecideOrderInput,
  type Order,
  type PlaceOrderInput,
} from '../orders.contract';
import { formatPence } from '../../../shared/money';
import { findAdministrators } from './administrators.queries';
import { findOwners } from './companies.queries';
import { ORDER_DECIDE } from './companies.todos';
import { applyOrder, decideOrder, findOrder, findPlan, insertOrder, lockPendingOrder, orderExists } from './orders.queries';

type Deps = Pick<AppDeps, 'db' | 'mail'>;

export async function placeOrder(options: { deps: Deps; caller: AuditCaller; input: PlaceOrderInput & { note: string } }): Promise<Order> {
  const { deps, caller, input } = options;
  const companyId = requireCompany(caller.session);
  // The order and every administrator's to-do commit together. Administrators have no company,
  // so this runs in the system scope, like the other calls that cross to them, and each
  // statement names the caller's company itself.
  const order = await withSystem(deps.db, async (trx) => {
    const plan = await findPlan(trx, companyId);
    if (!plan) throw AppError.notFound();
    if (input.kind === 'product' && plan.products.includes(input.product)) {
      throw AppError.validation({ product: [`Your company already has the ${PRODUCT_LABELS[input.product]} product.`] });
    }
    const id = await insertOrder(trx, {
      companyId,
      kind: input.kind,
      product: input.kind === 'product' ? input.product : null,
      seats: input.kind === 'seats' ? input.seats : null,
      amountPence: orderAmountPence(input, plan),
      note: input.note || null,
      orderedBy: caller.session.userId,
    });
    await auditCaller(trx, caller, { companyId, action: 'order.placed', targetType: 'order', targetId: id, details: { ...input } });
    await publish(trx, { channel: companyChannel(companyId), event: ORDERS_RESOURCE, invalidates: [ORDERS_RESOURCE], companyId });
    await publish(trx, { channel: GLOBAL_CHANNEL, event: 'company-orders', invalidates: ['company-orders'] });
    const placed = await findOrder(trx, { id, companyId });
    if (!placed) throw AppError.notFound();
    await notifyAdministrators(trx, placed);
    return placed;
  });
  deps.mail.wake();
  return order;
}

/** Each administrator's to-do for a new order (subject: the order), ended by its decision. */
async function notifyAdministrators(trx: Trx, order: Order): Promise<void> {
  const what = describeOrder(order).toLowerCase();
  for (const administrator of await findAdministrators(trx)) {
    if (administrator.status !== 'active') continue;
    await notify(trx, {
      companyId: null,
      userId: administrator.id,
      description: `<b>${escapeHtml(order.company_name)}</b> ordered ${escapeHtml(what)} (${formatPence(order.amount_pence)} a month): confirm or decline it.`,
      relatesTo: 'company_order',
      relatesToId: order.id,
      todo: true,
      kind: ORDER_DECIDE.kind,
      email: {
        subject: `New order from ${order.company_name}`,
        text: `${order.company_name} ordered ${what} (${formatPence(order.amount_pence)} a month before VAT). Confirm or decline it in the administrators' area, Orders.`,
      },
    });
  }
}

export async function decideCompanyOrder(options: {
  deps: Deps;
  caller: AuditCaller;
  id: string;
  input: DecideOrderInput;
}): Promise<Order> {
  const { deps, caller, id, input } = options;
  const order = await withSystem(deps.db, async (trx) => {
    const pending = await lockPendingOrder(trx, id);
    if (!pending) {
      if (await orderExists(trx, id)) throw new AppError('conflict', { message: 'This order has been decided already.' });
      throw AppError.notFound();
    }
    const confirmed = input.decision === 'confirm';
    if (confirmed) await applyOrder(trx, pending);
    const reason = input.decision === 'decline' ? input.reason : null;
    await decideOrder(trx, { id, status: confirmed ? 'confirmed' : 'declined', decidedBy: caller.session.userId, reason });
    const companyId = pending.company_id;
    await auditCaller(trx, caller, {
      companyId,
      action: confirmed ? 'order.confirmed' : 'order.declined',
      targetType: 'order',
      targetId: id,
      details: { kind: pending.kind, product: pending.product, seats: pending.seats, ...(reason ? { reason } : {}) },
    });
    await resolveTodos(trx, { companyId: null, kind: ORDER_DECIDE.kind, subject: todoSubject('company_order', id) });
    const what = describeOrder(pending);
    for (const owner of await findOwners(trx, companyId)) {
      const description = confirmed
        ? `Your order for <strong>${escapeHtml(what.toLowerCase())}</strong> has been confirmed.`
        : `Your order for <strong>${escapeHtml(what.toLowerCase())}</strong> was declined: ${escapeHtml(reason ?? '')}`;
      await notify(trx, { companyId, userId: owner.id, description });
      const saved = await findOrder(trx, { id });
      await enqueueEmail(trx, {
        template: 'order_decision',
        to: owner.email,
        subject: confirmed ? 'Your Stafflane order is confirmed' : 'Your Stafflane order was declined',
        text: [
          `Hello ${owner.first_name},`,
          '',
          confirmed
            ? `Your order for ${what.toLowerCase()} (${formatPence(saved?.amount_pence ?? 0)} a month before VAT) has been confirmed and is available now. Its invoice is in Settings › Orders; it is paid by bank transfer, outside Stafflane.`
            : `Your order for ${what.toLowerCase()} was declined. The reason given: ${reason ?? ''}`,
          '',
          'You can see all your orders in Settings › Orders.',
        ].join('\n'),
        companyId,
      });
    }
    await publish(trx, { channel: companyChannel(companyId), event: ORDERS_RESOURCE, invalidates: [ORDERS_RESOURCE], companyId });
    await publish(trx, { channel: GLOBAL_CHANNEL, event: 'company-orders', invalidates: ['company-orders', 'companies'] });
    return findOrder(trx, { id });
  });
  deps.mail.wake();
  if (!order) throw AppError.notFound();
  return order;
}
