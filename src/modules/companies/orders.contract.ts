// Orders: a company's owner sees the products and seats bought, the order history and an
// invoice per confirmed order (/settings/orders, /api/orders), and orders more seats or a
// product; administrators confirm (the products and seats change) or decline with a reason
// (/admin/orders, /api/company-orders). No payment is taken in the product: invoices are
// settled outside it (bank transfer), as the README's Decision records.
import * as v from 'valibot';
import type { ListResponse } from '../../shared/list';
import { requiredMultilineTextField, multilineTextField } from '../../shared/validators';
import { PRODUCTS, type Product } from './companies.contract';

export const ORDERS_ENDPOINT = '/api/orders';
export const COMPANY_ORDERS_ENDPOINT = '/api/company-orders';
export const ORDERS_RESOURCE = 'orders';

export const orderPaths = {
  orders: ORDERS_ENDPOINT,
  invoice: (id: string) => `${ORDERS_ENDPOINT}/${encodeURIComponent(id)}/invoice`,
  queue: COMPANY_ORDERS_ENDPOINT,
  decide: (id: string) => `${COMPANY_ORDERS_ENDPOINT}/${encodeURIComponent(id)}`,
} as const;

/** Monthly price per seat of each product, in pence, before VAT. */
export const PRODUCT_PRICES_PENCE: Record<Product, number> = { hr: 450, hs: 350, documents: 150 };
export const VAT_RATE = 0.2;
export const MAX_SEATS_PER_ORDER = 10_000;

export const ORDER_STATUSES = ['pending', 'confirmed', 'declined'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = { pending: 'Waiting', confirmed: 'Confirmed', declined: 'Declined' };

export type Order = {
  id: string;
  number: number;
  company_id: string;
  company_name: string;
  kind: 'seats' | 'product';
  product: Product | null;
  seats: number | null;
  /** Monthly, in pence, before VAT. */
  amount_pence: number;
  status: OrderStatus;
  note: string | null;
  ordered_by_name: string | null;
  ordered_at: string;
  decided_by_name: string | null;
  decided_at: string | null;
  decline_reason: string | null;
};

export type CompanyPlan = { products: Product[]; seats: number | null; seats_used: number; monthly_pence: number };
export type OrdersPage = { plan: CompanyPlan; orders: ListResponse<Order> };

export const PlaceOrderInputSchema = v.variant(
  'kind',
  [
    v.object({
      kind: v.literal('seats'),
      seats: v.pipe(
        v.number('Field is required.'),
        v.integer('Seats must be a whole number.'),
        v.minValue(1, 'Order at least 1 seat.'),
        v.maxValue(MAX_SEATS_PER_ORDER, `At most ${MAX_SEATS_PER_ORDER.toLocaleString('en-GB')} seats in one order.`),
      ),
      note: v.optional(multilineTextField({ maxLength: 1000 }), ''),
    }),
    v.object({
      kind: v.literal('product'),
      product: v.picklist(PRODUCTS, 'Choose a product.'),
      note: v.optional(multilineTextField({ maxLength: 1000 }), ''),
    }),
  ],
  'Choose what to order.',
);
export type PlaceOrderInput = v.InferInput<typeof PlaceOrderInputSchema>;

export const OrderQueueQuerySchema = v.object({
  // `status` is one of the filters the query string always writes as a list (`status[]=pending`,
  // src/shared/query-string.ts), so a list is accepted and its first value kept.
  status: v.optional(
    v.pipe(
      v.union([v.string(), v.array(v.string())], 'Unknown status.'),
      v.transform((value) => (Array.isArray(value) ? value[0] : value)),
      v.picklist(ORDER_STATUSES, 'Unknown status.'),
    ),
  ),
});

export const DecideOrderInputSchema = v.variant(
  'decision',
  [
    v.object({ decision: v.literal('confirm') }),
    v.object({ decision: v.literal('decline'), reason: requiredMultilineTextField({ maxLength: 1000 }) }),
  ],
  'Confirm or decline.',
);
export type DecideOrderInput = v.InferInput<typeof DecideOrderInputSchema>;

/** What an order reads as: "10 more seats" or "The H&S product". */
/** The number an order's invoice carries (SL-000112). */
export const invoiceNumber = (order: Pick<Order, 'number'>) => `SL-${String(order.number).padStart(6, '0')}`;

export function describeOrder(order: Pick<Order, 'kind' | 'product' | 'seats'>): string {
  if (order.kind === 'seats') return `${order.seats ?? 0} more seat${order.seats === 1 ? '' : 's'}`;
  return `The ${order.product ? productName(order.product) : ''} product`;
}

function productName(product: Product): string {
  return { hr: 'HR', hs: 'H&S', documents: 'Documents only' }[product];
}

/** The monthly amount of an order: seats × the company's per-seat price, or a product × the seats bought. */
export function orderAmountPence(
  order: PlaceOrderInput,
  plan: { products: readonly Product[]; seats: number | null; seatsUsed: number },
): number {
  if (order.kind === 'seats') return order.seats * monthlyPerSeat(plan.products);
  return PRODUCT_PRICES_PENCE[order.product] * Math.max(plan.seats ?? plan.seatsUsed, 1);
}

export function monthlyPerSeat(products: readonly Product[]): number {
  return products.reduce((sum, product) => sum + PRODUCT_PRICES_PENCE[product], 0);
}
