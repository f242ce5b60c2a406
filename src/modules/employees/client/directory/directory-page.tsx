// /employees: the employee directory — search, filters, sort and paging in the
// address, a table (cards on phones), bulk actions, exports and "Add employee" for those
// allowed — and, beside it, "Meet the team" for everyone of the company.
import '@mantine/core/styles/SegmentedControl.css';
import { Button, Group, SegmentedControl, Stack, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { usePageTitle } from '../../../../client/shell/page-title';
import { can } from '../../../../client/ui/permission-guard';
import { directoryPaths, USER_BASIC_ENDPOINT } from '../../directory.contract';
import { AddEmployeeModal } from './add-employee-modal';
import { DirectoryFilters } from './directory-filters';
import { DirectoryList } from './directory-list';
import { clearedFilters, toDirectoryQuery } from './directory-search';
import { ExportButtons } from './export-buttons';
import { MeetTheTeam } from './meet-the-team';
import { useDirectorySearch } from './use-directory-search';
import { EMPLOYEES_SCREEN } from '../employees.screens';

/**
 * Adding people and changing many at once are department- or company-wide work ("edit
 * capability"): an employee's own-scope entry on user-basic does not offer them.
 */
export const ADD_EMPLOYEE = { endpoint: USER_BASIC_ENDPOINT, method: 'POST', scope: 'department' } as const;
export const BULK_EDIT = { endpoint: USER_BASIC_ENDPOINT, method: 'PUT', scope: 'department' } as const;
export const EXPORT = { endpoint: directoryPaths.export, method: 'GET' } as const;
/** The directory lists those the viewer's scope reaches: with only their own record, it would be a list of one. */
export const DIRECTORY = { endpoint: USER_BASIC_ENDPOINT, method: 'GET', scope: 'department' } as const;

export function DirectoryPage() {
  usePageTitle(EMPLOYEES_SCREEN.heading);
  const [search, setSearch] = useDirectorySearch();
  const [adding, setAdding] = useState(false);
  // An employee sees their colleagues the way the product means them to: Meet the team only.
  const directoryAllowed = can(DIRECTORY);
  const team = !directoryAllowed || search.view === 'team';
  const onPage = (page: number) => setSearch({ ...search, page: page > 1 ? page : undefined });
  const setView = (view: string) =>
    setSearch(view === 'team' ? { view: 'team', search: search.search, department_id: search.department_id } : {});

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1}>{EMPLOYEES_SCREEN.heading}</Title>
        {!team && (
          <Group gap="xs">
            {can(EXPORT) && <ExportButtons query={toDirectoryQuery(search)} />}
            {can(ADD_EMPLOYEE) && (
              <Button leftSection={<IconUserPlus size={16} aria-hidden="true" />} onClick={() => setAdding(true)}>
                Add employee
              </Button>
            )}
          </Group>
        )}
      </Group>
      {directoryAllowed && (
        <SegmentedControl
          value={team ? 'team' : 'directory'}
          onChange={setView}
          data={[
            { value: 'directory', label: 'Directory' },
            { value: 'team', label: 'Meet the team' },
          ]}
          aria-label="View"
          style={{ alignSelf: 'flex-start' }}
        />
      )}
      <DirectoryFilters key={team ? 'team' : 'directory'} search={search} onChange={setSearch} team={team} />
      {team ? (
        <MeetTheTeam search={search} onPage={onPage} />
      ) : (
        <DirectoryList
          search={search}
          bulkAllowed={can(BULK_EDIT)}
          onPage={onPage}
          onClearFilters={() => setSearch(clearedFilters(search))}
        />
      )}
      <AddEmployeeModal opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
