// /admin/orders: every company's orders, waiting ones first. Confirming one changes the
// company's seats or products at once; declining needs a reason. The owners are told either way.
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import { Button, Modal, Paper, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../client/api/api-client';
import { usePageTitle } from '../../../client/shell/page-title';
import { showSuccessToast } from '../../../client/shell/toasts';
import { describeOrder, type Order } from '../orders.contract';
import { COMPANIES_PAGE_SIZE, decideOrderMutationOptions, orderQueueQueryOptions } from './companies.api';
import { ORDER_COLUMNS } from './order-cells';
import { FormFooter } from '../../../client/ui/form-footer';
import { ListPager } from '../../../client/ui/list-pager';
import { QueryRows } from '../../../client/ui/query-rows';
import { RowsView, type RowColumn } from '../../../client/ui/rows-view';

const COLUMNS: RowColumn<Order>[] = [
  { label: 'Company', strong: true, render: (order) => order.company_name },
  {
    label: 'Order',
    render: (order) => (
      <>
        {describeOrder(order)}
        {order.note && (
          <Text size="xs" c="dimmed">
            “{order.note}”
          </Text>
        )}
      </>
    ),
  },
  ORDER_COLUMNS.amount,
  ORDER_COLUMNS.ordered(true),
  ORDER_COLUMNS.status,
];

const FILTERS = [
  { value: 'pending', label: 'Waiting' },
  { value: 'all', label: 'All' },
];

export function AdminOrdersPage() {
  usePageTitle('Orders');
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState('pending');
  const [page, setPage] = useState(1);
  const [declining, setDeclining] = useState<Order | null>(null);
  const [reason, setReason] = useState('');
  const list = useQuery(orderQueueQueryOptions(filter === 'all' ? null : 'pending', page));
  const decide = useMutation(decideOrderMutationOptions(queryClient));
  const pages = list.data ? Math.max(1, Math.ceil(list.data.count / COMPANIES_PAGE_SIZE)) : 1;
  const declineProblem = isApiError(decide.error, 422) ? (decide.error.fieldErrors?.reason?.[0] ?? decide.error.message) : null;

  const confirm = (order: Order) =>
    decide.mutate(
      { id: order.id, input: { decision: 'confirm' } },
      {
        onSuccess: () => showSuccessToast({ message: `Order confirmed: ${order.company_name} has ${describeOrder(order).toLowerCase()}.` }),
      },
    );
  const decline = () => {
    if (!declining) return;
    decide.mutate(
      { id: declining.id, input: { decision: 'decline', reason } },
      {
        onSuccess: () => {
          showSuccessToast({ message: 'Order declined. The owners have been told why.' });
          setDeclining(null);
          setReason('');
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Orders</Title>
        <Text c="dimmed">
          What companies have ordered. Confirming changes their seats or products at once; invoices are paid outside Stafflane.
        </Text>
      </Stack>
      <Paper withBorder radius="lg" p="md">
        <SegmentedControl
          mb="md"
          data={FILTERS}
          value={filter}
          onChange={(value) => {
            setFilter(value);
            setPage(1);
          }}
        />
        <QueryRows
          query={list}
          rows={list.data?.results}
          what="orders"
          empty={filter === 'pending' ? 'No orders are waiting.' : 'No orders yet.'}
        >
          {(rows) => (
            <RowsView
              label="Orders"
              rows={rows}
              columns={COLUMNS}
              minWidth={820}
              titleOf={(order) => `${order.company_name}: ${describeOrder(order)}`}
              actions={(order) =>
                order.status === 'pending' && (
                  <>
                    <Button
                      size="xs"
                      color="green"
                      loading={decide.isPending && decide.variables?.id === order.id}
                      onClick={() => confirm(order)}
                    >
                      Confirm
                    </Button>
                    <Button size="xs" variant="default" onClick={() => setDeclining(order)}>
                      Decline
                    </Button>
                  </>
                )
              }
            />
          )}
        </QueryRows>
        <ListPager mt="md" pages={pages} page={page} onPage={setPage} />
      </Paper>
      <Modal opened={declining !== null} onClose={() => setDeclining(null)} title="Decline order" centered>
        <Stack gap="md">
          <Text>
            Decline {declining ? describeOrder(declining).toLowerCase() : ''} for {declining?.company_name}? The owners are e-mailed the
            reason.
          </Text>
          <Textarea label="Reason" required autosize minRows={2} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
          <FormFooter
            submitting={decide.isPending}
            onCancel={() => setDeclining(null)}
            label="Decline"
            color="red"
            problem={declineProblem}
            onSubmit={decline}
          />
        </Stack>
      </Modal>
    </Stack>
  );
}
