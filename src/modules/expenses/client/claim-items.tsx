// A claim's lines with their figures and receipts side by side, its receipt items and its
// journeys each under their own heading with their subtotal; for an approver deciding, an
// approved amount per line (the amount claimed unless reduced).
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/NumberInput.css';
import { Badge, Divider, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { VEHICLE_LABELS, type ExpenseClaimDetail, type ExpenseItem } from '../expenses.contract';
import { formatPounds } from '../../../shared/money';
import { shownDate } from './claim-format';
import { ReceiptPreviews } from './receipt-preview';

type Props = {
  claim: ExpenseClaimDetail;
  /** Approved amounts being set (item id → pounds), when the caller is deciding. */
  amounts?: Record<string, number | string>;
  onAmount?: (itemId: string, value: number | string) => void;
};

function Figures({ item }: { item: ExpenseItem }) {
  if (item.vehicle) {
    return (
      <Stack gap={2}>
        <Text size="sm">
          {item.miles} miles · {VEHICLE_LABELS[item.vehicle]}
          {item.passengers > 0 ? ` · ${item.passengers} passenger${item.passengers === 1 ? '' : 's'}` : ''}
        </Text>
        <Text size="xs" c="dimmed">
          {item.purpose} · tax year {item.tax_year}
        </Text>
        {item.calculation && <Text size="xs">{item.calculation}</Text>}
        {item.taxable_amount > 0 && (
          <Text size="xs" c="orange.8">
            HMRC approved {formatPounds(item.hmrc_amount ?? 0)}; taxable excess {formatPounds(item.taxable_amount)}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {[item.expense_type?.name, item.supplier].filter(Boolean).join(' · ')}
      </Text>
      <Text size="xs">
        VAT {formatPounds(item.vat)}
        {item.vat > 0 ? (item.vat_receipt_held ? ' · VAT receipt held' : ' · no VAT receipt') : ''}
      </Text>
    </Stack>
  );
}

const SECTIONS = [
  { key: 'items', title: 'Items', journeys: false },
  { key: 'journeys', title: 'Journeys', journeys: true },
] as const;

export function ClaimItems({ claim, amounts, onAmount }: Props) {
  return SECTIONS.map((section) => {
    const lines = claim.items.filter((item) => (item.vehicle !== null) === section.journeys);
    if (lines.length === 0) return null;
    const id = `claim-${section.key}`;
    return (
      <Paper key={section.key} withBorder radius="lg" p="md" component="section" aria-labelledby={id}>
        <Group justify="space-between" mb="sm" gap="xs">
          <Title order={2} fz="h4" id={id}>
            {section.title}
          </Title>
          <Text fw={600} size="sm">
            {formatPounds(section.journeys ? claim.mileage_total : claim.items_total)}
          </Text>
        </Group>
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {lines.map((item, index) => (
            <ClaimLine key={item.id} item={item} first={index === 0} amounts={amounts} onAmount={onAmount} />
          ))}
        </Stack>
      </Paper>
    );
  });
}

function ClaimLine({ item, first, amounts, onAmount }: Omit<Props, 'claim'> & { item: ExpenseItem; first: boolean }) {
  return (
    <li aria-label={item.description}>
      {!first && <Divider mb="sm" />}
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Stack gap={4} miw={0} style={{ flex: '1 1 220px' }}>
          <Group gap="xs">
            <Text fw={600} size="sm">
              {item.description}
            </Text>
            {item.over_limit && (
              <Badge color="orange" variant="light" size="sm">
                Over limit
              </Badge>
            )}
            {item.receipt_required && item.receipts.length === 0 && (
              <Badge color="red" variant="light" size="sm">
                No receipt
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {shownDate(item.date)}
          </Text>
          <Figures item={item} />
          <Group gap="md" mt={4} align="flex-end">
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                Claimed
              </Text>
              <Text fw={700}>{formatPounds(item.amount)}</Text>
            </Stack>
            {amounts && onAmount ? (
              <NumberInput
                label="Approved (£)"
                size="xs"
                w={130}
                min={0}
                max={item.amount}
                decimalScale={2}
                fixedDecimalScale
                value={amounts[item.id] ?? item.amount}
                onChange={(value) => onAmount(item.id, value)}
                aria-label={`Approved amount for ${item.description}`}
              />
            ) : (
              item.approved_amount !== null && (
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">
                    Approved
                  </Text>
                  <Text fw={700} c={item.approved_amount < item.amount ? 'orange.8' : 'green.8'}>
                    {formatPounds(item.approved_amount)}
                  </Text>
                </Stack>
              )
            )}
          </Group>
        </Stack>
        <ReceiptPreviews receipts={item.receipts} />
      </Group>
    </li>
  );
}
