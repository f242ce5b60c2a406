// How a company's status and products read wherever they show: coloured badges.
import '@mantine/core/styles/Badge.css';
import { Badge, Group } from '@mantine/core';
import { COMPANY_STATUS_LABELS, PRODUCT_LABELS, type CompanyStatus, type Product } from '../companies.contract';

const STATUS_COLOURS: Record<CompanyStatus, string> = { active: 'green', on_hold: 'yellow', disabled: 'gray' };

export function StatusBadge({ status }: { status: CompanyStatus }) {
  return (
    <Badge color={STATUS_COLOURS[status]} variant="light" style={{ flexShrink: 0, overflow: 'visible' }}>
      {COMPANY_STATUS_LABELS[status]}
    </Badge>
  );
}

export function ProductBadges({ products }: { products: readonly Product[] }) {
  if (products.length === 0) return <>—</>;
  return (
    <Group gap={4} wrap="wrap">
      {products.map((product) => (
        <Badge key={product} variant="outline" color="blue">
          {PRODUCT_LABELS[product]}
        </Badge>
      ))}
    </Group>
  );
}

/** "6 of 25", or "6 (not limited)" for a company whose seats are not counted. */
export const seatsLabel = (used: number, seats: number | null) => (seats === null ? `${used} (not limited)` : `${used} of ${seats}`);
