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
import { locationsQueryOptions, tagsQueryOptions } from '../directory.api';
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
      <FilterChoices
        label="Department"
        data={namedChoices(departments.data?.results)}
        value={search.department_id}
        onChange={setList('department_id')}
        whole="All departments"
      />
      {!team && (
        <>
          <FilterChoices
            label="Location"
            data={namedChoices(locations.data?.results)}
            value={search.location_id}
            onChange={setList('location_id')}
            whole="All locations"
          />
          <FilterChoices
            label="Tags"
            data={namedChoices(tags.data?.results)}
            value={search.tag_ids}
            onChange={setList('tag_ids')}
            whole="Any tags"
          />
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
        </>
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
