// The directory's list: rows for the address's filters and page (20 a page), in the states every
// filtered list has (FilteredList), with selection for the bulk actions.
import { useQuery } from '@tanstack/react-query';
import { DIRECTORY_PAGE_SIZE, directoryPageQueryOptions } from '../directory.api';
import { BulkBar } from './bulk-actions';
import { hasFilters, toDirectoryQuery, type DirectorySearch } from './directory-search';
import { DirectoryCards, DirectoryTable } from './directory-table';
import { FilteredList, useScreenSelection } from '../../../../client/ui/filtered-list';
import { usePhone } from '../../../../client/ui/phone';

export const NO_MATCHES = 'No employees match these filters.';

type Props = { search: DirectorySearch; bulkAllowed: boolean; onPage: (page: number) => void; onClearFilters: () => void };

export function DirectoryList({ search, bulkAllowed, onPage, onClearFilters }: Props) {
  const page = search.page ?? 1;
  const list = useQuery(directoryPageQueryOptions(search));
  const phone = usePhone();
  const { selected, toggle, toggleAll, clear } = useScreenSelection(
    JSON.stringify([toDirectoryQuery(search), page]),
    list.data?.results ?? [],
  );
  const Rows = phone ? DirectoryCards : DirectoryTable;
  return (
    <FilteredList
      list={list}
      one="employee"
      many="employees"
      noMatches={NO_MATCHES}
      filtered={hasFilters(search)}
      onClearFilters={onClearFilters}
      page={page}
      pageSize={DIRECTORY_PAGE_SIZE}
      onPage={onPage}
    >
      {(rows) => (
        <>
          {bulkAllowed && selected.size > 0 && <BulkBar userIds={[...selected]} onDone={clear} onClear={clear} />}
          <Rows rows={rows} selected={bulkAllowed ? selected : null} onToggle={toggle} onToggleAll={toggleAll} />
        </>
      )}
    </FilteredList>
  );
}
