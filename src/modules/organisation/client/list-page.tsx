// The page of one organisation list (settings tabs): search, the rows (table or cards),
// loading, error and empty states, and for those who may, create and edit in a modal and
// delete after a confirmation. Each list is described by a ListDefinition.
import { Alert, Button, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState, type ReactNode } from 'react';
import type * as v from 'valibot';
import { usePageTitle } from '../../../client/shell/page-title';
import { can, PermissionGuard } from '../../../client/ui/permission-guard';
import { RowActions, RowsView, type RowColumn } from '../../../client/ui/rows-view';
import type { FieldSpec } from './item-fields';
import { DeleteItemModal } from './delete-item-modal';
import { ItemFormModal } from './item-form-modal';
import { PageHeading } from '../../../client/ui/page-heading';
import { listQueryOptions } from './organisation.api';

export type ListDefinition<T extends { id: string }> = {
  resource: string;
  /** The heading: "Locations". */
  title: string;
  /** One item: "location". */
  itemLabel: string;
  description?: string;
  /** The permission endpoint that shows the page; GET /api/{resource} unless told. */
  readEndpoint?: string;
  schema: v.GenericSchema;
  fields: readonly FieldSpec[];
  empty: Record<string, unknown>;
  toValues: (item: T) => Record<string, unknown>;
  columns: readonly RowColumn<T>[];
  titleOf: (item: T) => string;
  emptyText: string;
  alsoRefresh?: readonly string[];
  extraActions?: (item: T) => ReactNode;
};

/** A settings page of its own: the page title and the guard. */
export function OrganisationListPage<T extends { id: string }>({ definition }: { definition: ListDefinition<T> }) {
  usePageTitle(definition.title);
  return (
    <PermissionGuard requires={{ endpoint: definition.readEndpoint ?? `/api/${definition.resource}`, method: 'GET' }}>
      <OrganisationList definition={definition} headingOrder={1} />
    </PermissionGuard>
  );
}

export function OrganisationList<T extends { id: string }>({
  definition,
  headingOrder = 2,
}: {
  definition: ListDefinition<T>;
  headingOrder?: 1 | 2;
}) {
  const { resource, itemLabel, titleOf } = definition;
  const [search, setSearch] = useState('');
  const filter = useDeferredValue(search.trim());
  const [editing, setEditing] = useState<{ item: T | null } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const list = useQuery(listQueryOptions<T>(resource, filter ? { search: filter } : {}));
  const endpoint = `/api/${resource}`;
  const mayCreate = can({ endpoint, method: 'POST' });
  const mayEdit = can({ endpoint, method: 'PUT' });
  const mayDelete = can({ endpoint, method: 'DELETE' });

  return (
    <Stack gap="md">
      <PageHeading
        title={definition.title}
        description={definition.description}
        order={headingOrder}
        size={headingOrder === 1 ? 'h2' : 'h3'}
        action={mayCreate && <Button onClick={() => setEditing({ item: null })}>New {itemLabel}</Button>}
      />
      <TextInput
        type="search"
        aria-label={`Search ${definition.title.toLowerCase()}`}
        placeholder="Search"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <Paper withBorder radius="md" p="md">
        {list.isPending && (
          <Group gap="xs">
            <Loader size="sm" aria-hidden />
            <Text>Loading...</Text>
          </Group>
        )}
        {list.isError && (
          <Alert color="red" role="alert">
            The {definition.title.toLowerCase()} could not be loaded.
          </Alert>
        )}
        {list.data && list.data.results.length === 0 && <Text>{filter ? `Nothing matches “${filter}”.` : definition.emptyText}</Text>}
        {list.data && list.data.results.length > 0 && (
          <RowsView
            label={definition.title}
            rows={list.data.results}
            columns={definition.columns}
            minWidth={560}
            actions={(item) => (
              <>
                {definition.extraActions?.(item)}
                <RowActions
                  name={titleOf(item)}
                  onEdit={mayEdit ? () => setEditing({ item }) : null}
                  onDelete={mayDelete ? () => setDeleting(item) : null}
                />
              </>
            )}
          />
        )}
      </Paper>
      <ItemFormModal
        opened={editing !== null}
        resource={resource}
        itemLabel={itemLabel}
        schema={definition.schema}
        fields={definition.fields}
        initialValues={editing?.item ? definition.toValues(editing.item) : definition.empty}
        id={editing?.item?.id}
        alsoRefresh={definition.alsoRefresh}
        onClose={() => setEditing(null)}
      />
      <DeleteItemModal
        resource={resource}
        itemLabel={itemLabel}
        item={deleting ? { id: deleting.id, title: titleOf(deleting) } : null}
        alsoRefresh={definition.alsoRefresh}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
