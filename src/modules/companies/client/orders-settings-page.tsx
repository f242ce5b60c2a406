// /settings/orders for a company's owners: the products and seats bought, the order history
// (what, when, by whom, the monthly amount, the status) with an invoice for each confirmed
// order, and ordering more seats or a product, which Stafflane confirms.
import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeading } from '../../../client/ui/page-heading';
import { usePageTitle } from '../../../client/shell/page-title';
import { showDangerToast } from '../../../client/shell/toasts';
import { orderPaths, type Order } from '../orders.contract';
import { COMPANIES_PAGE_SIZE, ordersPageQueryOptions } from './companies.api';
import { ProductBadges, seatsLabel } from './company-labels';
import { ORDER_COLUMNS } from './order-cells';
import { PlaceOrderModal } from './place-order-modal';
import { saveFile } from '../../../client/api/downloads';
import { formatPence } from '../../../shared/money';
import { ListPager } from '../../../client/ui/list-pager';
import { RowsTable, type RowColumn } from '../../../client/ui/rows-view';

const COLUMNS: RowColumn<Order>[] = [
  ORDER_COLUMNS.order,
  ORDER_COLUMNS.ordered(false),
  ORDER_COLUMNS.amount,
  ORDER_COLUMNS.status,
  {
    label: 'Invoice',
    render: (order) =>
      order.status === 'confirmed' ? (
        <Button
          size="xs"
          variant="default"
          onClick={() =>
            void saveFile(orderPaths.invoice(order.id), `stafflane-invoice-${order.number}.pdf`).catch(() =>
              showDangerToast({ message: 'The invoice could not be downloaded.' }),
            )
          }
        >
          PDF
        </Button>
      ) : (
        '—'
      ),
  },
];

export function OrdersSettingsPage() {
  usePageTitle('Orders');
  const [page, setPage] = useState(1);
  const [ordering, setOrdering] = useState(false);
  const query = useQuery(ordersPageQueryOptions(page));
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.orders.count / COMPANIES_PAGE_SIZE)) : 1;

  return (
    <Stack gap="lg">
      <PageHeading
        title="Orders"
        description="Your products and seats. Orders are confirmed by Stafflane and invoiced; invoices are paid by bank transfer."
        action={
          <Button onClick={() => setOrdering(true)} disabled={!data}>
            Order seats or a product
          </Button>
        }
      />
      {query.isPending && <Text>Loading...</Text>}
      {query.isError && <Text c="red">Your orders could not be loaded.</Text>}
      {data && (
        <>
          <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="plan-title">
            <Title order={2} fz="h4" id="plan-title" mb="md">
              What you have
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <div>
                <Text size="sm" c="dimmed">
                  Products
                </Text>
                <ProductBadges products={data.plan.products} />
              </div>
              <div>
                <Text size="sm" c="dimmed">
                  Seats used
                </Text>
                <Text fw={600}>{seatsLabel(data.plan.seats_used, data.plan.seats)}</Text>
              </div>
              <div>
                <Text size="sm" c="dimmed">
                  Each month, before VAT
                </Text>
                <Text fw={600}>{formatPence(data.plan.monthly_pence)}</Text>
              </div>
            </SimpleGrid>
          </Paper>
          <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="history-title">
            <Title order={2} fz="h4" id="history-title" mb="md">
              Order history
            </Title>
            {data.orders.results.length === 0 && <Text>No orders yet.</Text>}
            {data.orders.results.length > 0 && (
              <RowsTable label="Order history" rows={data.orders.results} columns={COLUMNS} minWidth={640} />
            )}
            <ListPager mt="md" pages={pages} page={page} onPage={setPage} />
          </Paper>
          <PlaceOrderModal opened={ordering} plan={data.plan} onClose={() => setOrdering(false)} />
        </>
      )}
    </Stack>
  );
}
