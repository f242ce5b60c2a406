// The cells the administrators' order queue and a company's order history show the same way:
// when the order was placed and by whom, and its status with a decline's reason.
import '@mantine/core/styles/Badge.css';
import { Badge, Table, Text } from '@mantine/core';
import { DATE_FORMATS, formatLondon } from '../../../shared/dates';
import { ORDER_STATUS_LABELS, type Order, type OrderStatus } from '../orders.contract';

export const ORDER_STATUS_COLOURS: Record<OrderStatus, string> = { pending: 'yellow', confirmed: 'green', declined: 'gray' };

export function OrderedCell({ order, withTime = false }: { order: Order; withTime?: boolean }) {
  return (
    <Table.Td>
      {formatLondon(order.ordered_at, withTime ? DATE_FORMATS.dateTime : DATE_FORMATS.date)}
      <Text size="xs" c="dimmed">
        {order.ordered_by_name ?? 'Someone no longer there'}
      </Text>
    </Table.Td>
  );
}

export function OrderStatusCell({ order }: { order: Order }) {
  return (
    <Table.Td>
      <Badge color={ORDER_STATUS_COLOURS[order.status]} variant="light" style={{ flexShrink: 0, overflow: 'visible' }}>
        {ORDER_STATUS_LABELS[order.status]}
      </Badge>
      {order.decline_reason && (
        <Text size="xs" c="dimmed">
          {order.decline_reason}
        </Text>
      )}
    </Table.Td>
  );
}
