// The claims list's filters: status, claim type, expense type, dates and a search of the
// description and the person's name. Each change goes into the address.
import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CLAIM_STATUSES, CLAIM_STATUS_LABELS } from '../expenses.contract';
import type { ClaimsSearch } from './claims-search';
import { DateField } from '../../../client/ui/date-field';
import { PersonSelect } from '../../../client/ui/person-select';
import { expenseTypesQueryOptions } from './expenses.api';
import { useScreenQuery } from '../../../client/ui/phone';

type Props = { search: ClaimsSearch; onChange: (next: ClaimsSearch) => void; showPerson: boolean };

export function ClaimFilters({ search, onChange, showPerson }: Props) {
  // Read with the page (ready when the filters open), drawn only as its list changes: folded on a
  // phone the filters use nothing of it, and a query nothing is read from draws its component
  // again at each change of its state (each refresh started and ended).
  const types = useQuery({ ...expenseTypesQueryOptions({ includeArchived: true }), notifyOnChangeProps: ['data'] });
  const [typed, setTyped] = useState<{ for: string; text: string }>({ for: search.search ?? '', text: search.search ?? '' });
  // What is typed belongs to the address's search: a new search (back button, "Clear") starts it again.
  const text = typed.for === (search.search ?? '') ? typed.text : (search.search ?? '');
  const setText = (value: string) => setTyped({ for: search.search ?? '', text: value });
  const set = (patch: Partial<ClaimsSearch>) => {
    const next: ClaimsSearch = { ...search, ...patch };
    delete next.page;
    for (const key of Object.keys(next) as (keyof ClaimsSearch)[]) if (next[key] === undefined || next[key] === '') delete next[key];
    onChange(next);
  };
  const filtered = Boolean(
    search.user_id || search.status || search.claim_type || search.expense_type_id || search.from || search.to || search.search,
  );
  // On a phone the filters fold away behind one button until asked for.
  const phone = useScreenQuery('(max-width: 36em)');
  const [open, setOpen] = useState(false);
  if (phone && !open) {
    return (
      <Group justify="space-between">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconFilter size={14} aria-hidden="true" />}
          onClick={() => setOpen(true)}
          aria-expanded={false}
        >
          {filtered ? 'Filters (on)' : 'Filters'}
        </Button>
        {filtered && (
          <Button variant="subtle" size="xs" onClick={() => onChange(search.view ? { view: search.view } : {})}>
            Clear filters
          </Button>
        )}
      </Group>
    );
  }

  return (
    <form
      role="search"
      aria-label="Filter claims"
      onSubmit={(event) => {
        event.preventDefault();
        set({ search: text.trim() || undefined });
      }}
    >
      <SimpleGrid cols={{ base: 2, sm: 3, lg: showPerson ? 7 : 6 }} spacing="xs">
        <Select
          label="Status"
          placeholder="Any"
          clearable
          data={CLAIM_STATUSES.map((status) => ({ value: status, label: CLAIM_STATUS_LABELS[status] }))}
          value={search.status ?? null}
          onChange={(value) => set({ status: value ?? undefined })}
        />
        <Select
          label="Claim type"
          placeholder="Any"
          clearable
          data={[
            { value: 'expense', label: 'Expenses' },
            { value: 'mileage', label: 'Mileage' },
          ]}
          value={search.claim_type ?? null}
          onChange={(value) => set({ claim_type: value ?? undefined })}
        />
        <Select
          label="Expense type"
          placeholder="Any"
          clearable
          data={(types.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
          value={search.expense_type_id ?? null}
          onChange={(value) => set({ expense_type_id: value ?? undefined })}
        />
        {showPerson && (
          <PersonSelect
            label="Person"
            asFilter
            value={search.user_id ?? null}
            onChange={(userId) => set({ user_id: userId ?? undefined })}
          />
        )}
        <DateField label="From" value={search.from ?? ''} onChange={(from) => set({ from: from || undefined })} />
        <DateField label="To" value={search.to ?? ''} onChange={(to) => set({ to: to || undefined })} />
        <TextInput
          label={showPerson ? 'Name or description' : 'Description'}
          type="search"
          value={text}
          maxLength={100}
          onChange={(event) => setText(event.currentTarget.value)}
          onBlur={() => set({ search: text.trim() || undefined })}
        />
      </SimpleGrid>
      {filtered && (
        <Group justify="flex-end" mt={4}>
          <Button variant="subtle" size="xs" onClick={() => onChange(search.view ? { view: search.view } : {})}>
            Clear filters
          </Button>
        </Group>
      )}
    </form>
  );
}
