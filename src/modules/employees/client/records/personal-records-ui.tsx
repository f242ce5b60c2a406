// The pieces the record tabs share: a titled section with its Edit button, a read view of
// labelled values, the loading and error states, a record's form and its Save/Cancel row.
import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { OfflinePartNote, waitsForNetwork } from '../../../../client/offline/offline-empty-state';

export const NOT_GIVEN = 'Not given';

export function RecordSection(props: { title: string; editLabel?: string; onEdit?: (() => void) | null; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={props.title}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h4">
          {props.title}
        </Title>
        {props.onEdit && (
          <Button variant="light" size="xs" onClick={props.onEdit} aria-label={props.editLabel ?? `Edit ${props.title.toLowerCase()}`}>
            Edit
          </Button>
        )}
      </Group>
      {props.children}
    </Paper>
  );
}

export type ReadItem = { label: string; value: string | null | undefined };

/** Labelled values, two columns from tablet width; an empty value reads "Not given". */
export function ReadView({ items }: { items: ReadItem[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
      {items.map((item) => (
        <Stack key={item.label} gap={0}>
          <Text component="dt" size="sm" c="dimmed">
            {item.label}
          </Text>
          <Text component="dd" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} c={item.value ? undefined : 'dimmed'}>
            {item.value ? item.value : NOT_GIVEN}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** What a query shows before its data: a loader, or why it failed. */
export function QueryState({ query, what }: { query: { isPending: boolean; isError: boolean; fetchStatus: string }; what: string }) {
  if (waitsForNetwork(query)) return <OfflinePartNote />;
  if (query.isPending) return <Loader size="sm" aria-label={`Loading ${what}`} />;
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        The {what} could not be loaded.
      </Alert>
    );
  }
  return null;
}

export function FormButtons({
  submitting,
  onCancel,
  otherErrors = [],
}: {
  submitting: boolean;
  onCancel: () => void;
  otherErrors?: string[];
}) {
  return (
    <Stack gap="xs">
      {otherErrors.length > 0 && (
        <Alert color="red" variant="light" role="alert">
          {otherErrors.join(' ')}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={submitting}>
          Cancel
        </Button>
        <Button type="submit" loading={submitting}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

/** '' for a missing value: what a text field shows. */
export const textOf = (value: string | null | undefined) => value ?? '';

type RecordFormState = { onSubmit: (event?: FormEvent<HTMLFormElement>) => void; submitting: boolean; otherErrors: string[] };

/** A record's form: its fields one under another, then Cancel and Save with any error that belongs to no field. */
export function RecordFormFrame({
  form,
  label,
  onCancel,
  children,
}: {
  form: RecordFormState;
  label: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={form.onSubmit} aria-label={label}>
      <Stack gap="md">
        {children}
        <FormButtons submitting={form.submitting} onCancel={onCancel} otherErrors={form.otherErrors} />
      </Stack>
    </form>
  );
}

/** Fields side by side, two columns from tablet width. */
export function FieldPairs({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {children}
    </SimpleGrid>
  );
}
