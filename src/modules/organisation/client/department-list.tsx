// /settings/departments: the departments with their head count and managers; a department's
// managers are changed in their own dialog.
import { Button } from '@mantine/core';
import { useState } from 'react';
import { NAME_MAX_LENGTH, NamedItemInputSchema, type Department } from '../organisation.contract';
import { DepartmentManagersModal } from './department-managers-modal';
import { OrganisationListPage, type ListDefinition } from './list-page';

const definition: Omit<ListDefinition<Department>, 'extraActions'> = {
  resource: 'departments',
  title: 'Departments',
  itemLabel: 'department',
  description: 'A manager manages their own department and any others given to them here.',
  schema: NamedItemInputSchema,
  fields: [{ name: 'name', label: 'Name', kind: 'text', required: true, maxLength: NAME_MAX_LENGTH }],
  empty: { name: '' },
  toValues: (item) => ({ name: item.name }),
  columns: [
    { label: 'Name', render: (item) => item.name },
    { label: 'Employees', render: (item) => item.employee_count },
    { label: 'Managers', render: (item) => item.managers.map((person) => `${person.first_name} ${person.surname}`).join(', ') || '—' },
  ],
  titleOf: (item) => item.name,
  emptyText: 'No departments yet.',
  alsoRefresh: ['user-managed-department'],
};

export function DepartmentsPage() {
  const [managing, setManaging] = useState<Department | null>(null);
  return (
    <>
      <OrganisationListPage
        definition={{
          ...definition,
          extraActions: (item) => (
            <Button size="xs" variant="default" onClick={() => setManaging(item)} aria-label={`Managers of ${item.name}`}>
              Managers
            </Button>
          ),
        }}
      />
      <DepartmentManagersModal department={managing} onClose={() => setManaging(null)} />
    </>
  );
}
