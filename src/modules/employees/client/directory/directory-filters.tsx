// The directory's search box (sent 250 ms after typing stops) and its filters as lists
// status, department, location and tags, and the sort. Meet the team filters by
// search and department only. Everything lives in the address (./use-directory-search.ts).
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FILTER_COMBOBOX, FilterChoices, namedChoices } from '../../../../client/ui/filter-choices';
import { FiltersFold } from '../../../../client/ui/filters-fold';
import { SearchField } from '../../../../client/ui/search-field';
import { DIRECTORY_SORTS, EMPLOYEE_STATUSES, type DirectorySort } from '../../directory.contract';
import { departmentsQueryOptions } from '../../../../client/api/reference-lists';
import { locationsQueryOptions, tagsQueryOptions, type NamedOption } from '../directory.api';
import { withFilters, type DirectorySearch, type FilterKey } from './directory-search';
import { STATUS_LABELS } from './status-badge';

export const SORT_LABELS: Record<DirectorySort, string> = {
  name: 'Name (A to Z)',
  '-name': 'Name (Z to A)',
  start_date: 'Start date (earliest first)',
  '-start_date': 'Start date (latest first)',
  department: 'Department',
  job_title: 'Job title',
  status: 'Status',
};

/** A filter choosing among a company's named records. */
type NamedFilter = { key: Exclude<FilterKey, 'status'>; label: string; whole: string; items: NamedOption[] | undefined };

type Props = { search: DirectorySearch; onChange: (next: DirectorySearch, options?: { replace?: boolean }) => void; team?: boolean };

export function DirectoryFilters({ search, onChange, team = false }: Props) {
  const departments = useQuery(departmentsQueryOptions());
  const locations = useQuery({ ...locationsQueryOptions(), enabled: !team });
  const tags = useQuery({ ...tagsQueryOptions(), enabled: !team });
  const setList = (key: FilterKey) => (values: string[]) => onChange(withFilters(search, { [key]: values }));
  const chosen = [search.status, search.department_id, search.location_id, search.tag_ids].filter((list) => list?.length).length;

  const searchBox = (
    <SearchField
      label="Search"
      placeholder="Name or e-mail"
      value={search.search}
      // Typing replaces the address rather than adding a history entry per pause.
      onSearch={(text) => onChange(withFilters(search, { search: text }), { replace: true })}
    />
  );
  // Meet the team filters by department only.
  const namedFilters = (
    [
      { key: 'department_id', label: 'Department', whole: 'All departments', items: departments.data?.results },
      { key: 'location_id', label: 'Location', whole: 'All locations', items: locations.data?.results },
      { key: 'tag_ids', label: 'Tags', whole: 'Any tags', items: tags.data?.results },
    ] satisfies NamedFilter[]
  ).filter((filter) => !team || filter.key === 'department_id');
  const lists = (
    <>
      {!team && (
        <FilterChoices
          label="Status"
          data={EMPLOYEE_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
          value={search.status}
          onChange={setList('status')}
          // No choice means the server's default: everyone but terminated people, who a search still finds.
          whole={search.search ? 'Any status' : 'All but terminated'}
          searchable={false}
        />
      )}
      {namedFilters.map((filter) => (
        <FilterChoices
          key={filter.key}
          label={filter.label}
          data={namedChoices(filter.items)}
          value={search[filter.key]}
          onChange={setList(filter.key)}
          whole={filter.whole}
        />
      ))}
      {!team && (
        <Select
          label="Sort by"
          data={DIRECTORY_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }))}
          value={search.sort ?? 'name'}
          onChange={(sort) =>
            onChange({ ...search, sort: sort === 'name' || !sort ? undefined : (sort as DirectorySort), page: undefined })
          }
          allowDeselect={false}
          comboboxProps={FILTER_COMBOBOX}
        />
      )}
    </>
  );

  // On a phone the lists fold away behind one button, so the people come first on the screen.
  return (
    <FiltersFold id="directory-filters" search={searchBox} chosen={chosen} cols={{ base: 1, sm: 2, lg: team ? 2 : 3 }}>
      {lists}
    </FiltersFold>
  );
}
