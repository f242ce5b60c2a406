// A department's managers: those whose own department it is (marked, changed on their
// employment details) and those who manage it besides, who can be removed after a
// confirmation; owners and HR admins add a manager by choosing a person.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Badge.css';
import { Alert, Badge, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiFetch, isApiError } from '../../../client/api/api-client';
import { ConfirmButton } from '../../../client/ui/confirm-dialog';
import { showSuccessToast } from '../../../client/shell/toasts';
import { can } from '../../../client/ui/permission-guard';
import { SelectField } from '../../../client/ui/select-field';
import { directoryPaths, type DirectoryPage } from '../../employees/directory.contract';
import type { Department, ManagedDepartment } from '../organisation.contract';
import { deleteItemMutationOptions, managedDepartmentsQueryOptions, saveItemMutationOptions } from './organisation.api';
import { ProblemAlert } from '../../../client/ui/problem-alert';

const RESOURCE = 'user-managed-department';
const ALSO = ['departments'];

export function DepartmentManagersModal({ department, onClose }: { department: Department | null; onClose: () => void }) {
  return (
    <Modal opened={department !== null} onClose={onClose} title={`Managers of ${department?.name ?? ''}`} size="lg">
      {department && <Managers department={department} />}
    </Modal>
  );
}

function Managers({ department }: { department: Department }) {
  const queryClient = useQueryClient();
  const managers = useQuery(managedDepartmentsQueryOptions({ department_id: department.id }));
  const remove = useMutation(deleteItemMutationOptions(queryClient, RESOURCE, ALSO));
  const mayRemove = can({ endpoint: `/api/${RESOURCE}`, method: 'DELETE' });
  const problem = isApiError(remove.error) && remove.error.status < 500 ? remove.error.message : null;

  if (managers.isPending) return <Loader size="sm" aria-label="Loading" />;
  if (managers.isError) return <Alert color="red">The managers could not be loaded.</Alert>;
  return (
    <Stack gap="md">
      {managers.data.results.length === 0 && <Text>Nobody manages this department yet.</Text>}
      {managers.data.results.map((row: ManagedDepartment) => (
        <Group key={row.id} justify="space-between">
          <Group gap="xs">
            <Text>
              {row.first_name} {row.surname}
            </Text>
            {row.own && (
              <Badge variant="light" color="gray">
                Own department
              </Badge>
            )}
          </Group>
          {mayRemove && !row.own && (
            <ConfirmButton
              size="xs"
              variant="subtle"
              color="red"
              title="Remove manager"
              message={`${row.first_name} ${row.surname} will no longer manage ${department.name}.`}
              confirmLabel="Remove"
              onConfirm={() =>
                remove
                  .mutateAsync(row.id)
                  .then(() => showSuccessToast({ message: `${row.first_name} ${row.surname} no longer manages ${department.name}.` }))
              }
            >
              Remove
            </ConfirmButton>
          )}
        </Group>
      ))}
      <ProblemAlert problem={problem} />
      {can({ endpoint: `/api/${RESOURCE}`, method: 'POST' }) && <AddManager department={department} />}
    </Stack>
  );
}

function AddManager({ department }: { department: Department }) {
  const queryClient = useQueryClient();
  const [userId, setUserId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const people = useQuery({
    queryKey: ['user-basic', 'list', { search, limit: 50 }],
    queryFn: ({ signal }) => apiFetch<DirectoryPage>(directoryPaths.userBasic, { signal, query: { search, limit: 50 } }),
  });
  const add = useMutation(saveItemMutationOptions<ManagedDepartment>(queryClient, RESOURCE, ALSO));
  const error = isApiError(add.error, 422)
    ? Object.values(add.error.fieldErrors ?? {})
        .flat()
        .join(' ') || add.error.message
    : undefined;
  const submit = () => {
    if (!userId) return;
    add.mutate(
      { body: { user_id: userId, department_id: department.id } },
      {
        onSuccess: () => {
          setUserId(null);
          showSuccessToast({ message: 'Manager added.' });
        },
      },
    );
  };
  return (
    <Group align="flex-end">
      <SelectField
        label="Add a manager"
        style={{ flex: 1 }}
        searchable
        onSearchChange={setSearch}
        noneLabel="Choose a person"
        data={(people.data?.results ?? []).map((person) => ({ value: person.id, label: `${person.first_name} ${person.surname}` }))}
        value={userId}
        onChange={(value) => {
          add.reset();
          setUserId(value);
        }}
        error={error}
      />
      <Button onClick={submit} disabled={!userId} loading={add.isPending}>
        Add
      </Button>
    </Group>
  );
}
