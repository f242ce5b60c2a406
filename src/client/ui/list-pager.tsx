// The foot of a paged list: how many there are ("12 articles"), when the list says, and the
// pager once there is more than one page, its arrows named for screen readers.
import '@mantine/core/styles/Pagination.css';
import { Group, Pagination, Text, type MantineSpacing } from '@mantine/core';

const ARROWS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

type ListPagerProps = {
  pages: number;
  page: number;
  onPage: (page: number) => void;
  /** The list's length and what one item is called: "1 article", "12 articles". */
  count?: { total: number; one: string; many: string };
  /** The pager's name, where a page holds more than one. */
  label?: string;
  size?: 'sm' | 'md';
  mt?: MantineSpacing;
};

export function ListPager({ pages, page, onPage, count, label, size, mt }: ListPagerProps) {
  const pager =
    pages > 1 ? (
      <Pagination
        total={pages}
        value={page}
        onChange={onPage}
        size={size}
        aria-label={label}
        getControlProps={(control) => ({ 'aria-label': ARROWS[control] })}
      />
    ) : null;
  if (!count) return pager && <Group mt={mt}>{pager}</Group>;
  return (
    <Group justify="space-between" gap="sm" mt={mt}>
      <Text size="sm" c="dimmed">
        {count.total} {count.total === 1 ? count.one : count.many}
      </Text>
      {pager}
    </Group>
  );
}

/** The number of pages `total` items fill at `pageSize` a page. */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
