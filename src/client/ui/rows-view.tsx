// The rows of a list, each column declared once: RowsTable draws them as a table (scrolling
// sideways on a narrow screen when given a minimum width); RowsView draws the same table on wider
// screens and stacked cards on phones (no sideways scrolling at 390 px), a label beside each
// value. Either may end each row with the actions the viewer may take, and RowsView may mark a
// row (a permit about to expire) with a badge and a tinted background. RowsTable may begin each
// row with a checkbox for bulk actions (RowSelection). RowActions is the common Edit and Delete
// of a named row.
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Stack,
  Table,
  Text,
  VisuallyHidden,
  type MantineSpacing,
  type TableTrProps,
} from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { usePhone } from './phone';

export type RowColumn<T> = {
  label: string;
  render: (row: T) => ReactNode;
  /** The column's cell in bold (the row's name). */
  strong?: boolean;
  /** The cell keeps to one line (a date and time, a badge). */
  nowrap?: boolean;
  /** The header is for screen readers only (a status badge says what it is). */
  hideLabel?: boolean;
};

/** The rows chosen for a bulk action, with a checkbox a row that may be chosen and one for them all. */
export type RowSelection<T> = {
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: (select: boolean) => void;
  /** The checkbox for them all: "Select every employee on this page". */
  allLabel: string;
  /** A row's name for its checkbox: "Select {name}". */
  nameOf: (row: T) => string;
  /** Whether a row may be chosen; every row unless told. */
  selectable?: (row: T) => boolean;
};

/** A mark on a row: its words and colour. */
export type RowMark = { label: string; colour: string };

type RowsTableProps<T> = {
  /** The table's name for screen readers: "Leave types". */
  label: string;
  rows: readonly T[];
  columns: readonly RowColumn<T>[];
  /** The buttons at the end of a row, under a header only screen readers hear ("Actions"). */
  actions?: ((row: T) => ReactNode) | undefined;
  /** A row's key; its id unless told. */
  keyOf?: (row: T) => string;
  /** The width under which the table scrolls sideways rather than squeezing its columns. */
  minWidth?: number;
  striped?: boolean;
  highlightOnHover?: boolean;
  verticalSpacing?: MantineSpacing;
  /** Properties of a row's element (a tint, a data mark). */
  rowProps?: (row: T) => TableTrProps & Record<`data-${string}`, unknown>;
  /** Checkboxes for bulk actions; none when null or left out. */
  selection?: RowSelection<T> | null;
};

const idOf = (row: unknown) => (row as { id: string }).id;

function ActionsGroup({ children, wrap = false }: { children: ReactNode; wrap?: boolean }) {
  return (
    <Group gap="xs" justify="flex-end" wrap={wrap ? 'wrap' : 'nowrap'}>
      {children}
    </Group>
  );
}

function SelectAll<T>({ rows, selection }: { rows: readonly T[]; selection: RowSelection<T> }) {
  const { selected, selectable = () => true } = selection;
  const choosable = rows.filter(selectable);
  const all = choosable.length > 0 && choosable.every((row) => selected.has(idOf(row)));
  return (
    <Checkbox
      aria-label={selection.allLabel}
      checked={all}
      indeterminate={!all && choosable.some((row) => selected.has(idOf(row)))}
      onChange={(event) => selection.onToggleAll(event.currentTarget.checked)}
    />
  );
}

/** A row's checkbox, where it may be chosen. */
export function SelectRow<T>({ row, selection, mt }: { row: T; selection: RowSelection<T>; mt?: number }) {
  if (selection.selectable && !selection.selectable(row)) return null;
  const id = idOf(row);
  return (
    <Checkbox
      mt={mt}
      aria-label={`Select ${selection.nameOf(row)}`}
      checked={selection.selected.has(id)}
      onChange={() => selection.onToggle(id)}
    />
  );
}

const cellStyle = <T,>(column: RowColumn<T>): CSSProperties | undefined => (column.nowrap ? { whiteSpace: 'nowrap' } : undefined);

export function RowsTable<T>({
  label,
  rows,
  columns,
  actions,
  keyOf = idOf,
  minWidth,
  striped = true,
  highlightOnHover = false,
  verticalSpacing,
  rowProps,
  selection,
}: RowsTableProps<T>) {
  const table = (
    <Table striped={striped} highlightOnHover={highlightOnHover} verticalSpacing={verticalSpacing} aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          {selection && (
            <Table.Th w={40}>
              <SelectAll rows={rows} selection={selection} />
            </Table.Th>
          )}
          {columns.map((column) => (
            <Table.Th key={column.label}>{column.hideLabel ? <VisuallyHidden>{column.label}</VisuallyHidden> : column.label}</Table.Th>
          ))}
          {actions && (
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={keyOf(row)} {...rowProps?.(row)}>
            {selection && (
              <Table.Td>
                <SelectRow row={row} selection={selection} />
              </Table.Td>
            )}
            {columns.map((column) => (
              <Table.Td key={column.label} fw={column.strong ? 600 : undefined} style={cellStyle(column)}>
                {column.render(row)}
              </Table.Td>
            ))}
            {actions && (
              <Table.Td>
                <ActionsGroup>{actions(row)}</ActionsGroup>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return minWidth ? <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer> : table;
}

type RowsViewProps<T> = Omit<RowsTableProps<T>, 'rowProps' | 'striped' | 'highlightOnHover' | 'verticalSpacing' | 'selection'> & {
  /** A row's name, which names its card on a phone. */
  titleOf?: (row: T) => string;
  markOf?: ((row: T) => RowMark | null) | undefined;
};

export function RowsView<T>({ label, rows, columns, actions, keyOf = idOf, minWidth, titleOf, markOf }: RowsViewProps<T>) {
  const phone = usePhone();
  const badge = (mark: RowMark | null) =>
    mark && (
      <Badge color={mark.colour} variant="light">
        {mark.label}
      </Badge>
    );
  const tint = (mark: RowMark | null) => (mark ? `${mark.colour}.0` : undefined);
  if (phone) {
    return (
      <Stack gap="sm" role="list" aria-label={label}>
        {rows.map((row) => {
          const mark = markOf?.(row) ?? null;
          return (
            <Card key={keyOf(row)} withBorder padding="sm" role="listitem" aria-label={titleOf?.(row)} bg={tint(mark)}>
              <Stack gap={4}>
                {badge(mark)}
                {columns.map((column) => (
                  <Group key={column.label} gap="xs" wrap="nowrap" align="flex-start">
                    <Text size="sm" c="dimmed" w={110} style={{ flexShrink: 0 }}>
                      {column.label}
                    </Text>
                    <Text size="sm" component="div" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                      {column.render(row)}
                    </Text>
                  </Group>
                ))}
                {actions && <ActionsGroup wrap>{actions(row)}</ActionsGroup>}
              </Stack>
            </Card>
          );
        })}
      </Stack>
    );
  }
  return (
    <RowsTable
      label={label}
      rows={rows}
      columns={markOf ? [...columns, { label: 'Status', hideLabel: true, render: (row) => badge(markOf(row)) }] : columns}
      actions={actions}
      keyOf={keyOf}
      minWidth={minWidth}
      highlightOnHover
      rowProps={markOf ? (row) => ({ bg: tint(markOf(row)) }) : undefined}
    />
  );
}

/** Edit and Delete for a named row, each shown only where the viewer may; named with the row for screen readers. */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit?: (() => void) | null; onDelete?: (() => void) | null }) {
  return (
    <>
      {onEdit && (
        <Button size="xs" variant="light" onClick={onEdit} aria-label={`Edit ${name}`}>
          Edit
        </Button>
      )}
      {onDelete && (
        <Button size="xs" variant="subtle" color="red" onClick={onDelete} aria-label={`Delete ${name}`}>
          Delete
        </Button>
      )}
    </>
  );
}
