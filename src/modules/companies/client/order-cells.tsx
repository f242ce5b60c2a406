// The columns the administrators' order queue and a company's order history show the same way:
// what was ordered, when and by whom, the monthly amount, and its status with a decline's reason.
import '@mantine/core/styles/Badge.css';
import { Badge, Text } from '@mantine/core';
import type { RowColumn } from '../../../client/ui/rows-view';
import { DATE_FORMATS, formatLondon } from '../../../shared/dates';
import { formatPence } from '../../../shared/money';
import { describeOrder, ORDER_STATUS_LABELS, type Order, type OrderStatus } from '../orders.contract';

export const ORDER_STATUS_COLOURS: Record<OrderStatus, string> = { pending: 'yellow', confirmed: 'green', declined: 'gray' };

export const ORDER_COLUMNS = {
  order: { label: 'Order', render: (order) => describeOrder(order) },
  ordered: (withTime: boolean): RowColumn<Order> => ({
    label: 'Ordered',
    render: (order) => (
      <>
        {formatLondon(order.ordered_at, withTime ? DATE_FORMATS.dateTime : DATE_FORMATS.date)}
        <Text size="xs" c="dimmed">
          {order.ordered_by_name ?? 'Someone no longer there'}
        </Text>
      </>
    ),
  }),
  amount: { label: 'Monthly amount', render: (order) => formatPence(order.amount_pence) },
  status: {
    label: 'Status',
    render: (order) => (
      <>
        <Badge color={ORDER_STATUS_COLOURS[order.status]} variant="light" style={{ flexShrink: 0, overflow: 'visible' }}>
          {ORDER_STATUS_LABELS[order.status]}
        </Badge>
        {order.decline_reason && (
          <Text size="xs" c="dimmed">
            {order.decline_reason}
          </Text>
        )}
      </>
    ),
  },
} satisfies Record<string, RowColumn<Order> | ((withTime: boolean) => RowColumn<Order>)>;
