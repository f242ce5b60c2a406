// The administrators' company picker (asking for access, aiming an alert): the companies are
// searched on the server as the user types (GET /api/companies), and the chosen one stays an
// option whatever the latest search found. `leading` options (such as "All companies") come first.
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { companyLabel } from '../../shared/company-picker';
import { companiesQueryOptions } from '../api/companies.api';
import { SelectField, type SelectFieldProps, type SelectOption } from './select-field';

export type CompanyChoice = { id: string; label: string };

export function CompanySelect({
  value,
  onChange,
  leading = [],
  ...props
}: Omit<SelectFieldProps, 'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange'> & {
  value: CompanyChoice | null;
  onChange: (company: CompanyChoice | null) => void;
  leading?: SelectOption[];
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  // Once a company is chosen the box shows its label: that is not a search.
  const query = value && debounced === value.label ? '' : debounced;
  const companies = useQuery({ ...companiesQueryOptions(query), placeholderData: keepPreviousData });
  const found = (companies.data?.results ?? []).filter((c) => c.id !== value?.id).map((c) => ({ value: c.id, label: companyLabel(c) }));
  const data = [...leading, ...(value ? [{ value: value.id, label: value.label }] : []), ...found];
  return (
    <SelectField
      {...props}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={companies.isPending ? 'Loading...' : 'No companies found'}
      data={data}
      value={value?.id ?? leading[0]?.value ?? null}
      onChange={(id) => {
        const option = data.find((o) => o.value === id);
        onChange(option && !leading.some((l) => l.value === id) ? { id: option.value, label: option.label } : null);
      }}
    />
  );
}
