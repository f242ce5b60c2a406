// "Add employee" (POST /api/user-basic): the minimum to add someone, checked by the contract,
// then by the server's /validate, with a 422 mapped onto the fields; the role only for
// company scope; optionally an invitation e-mail now. Success opens the new profile.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Checkbox.css';
import { Checkbox, Modal, SimpleGrid, Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { can } from '../../../../client/ui/permission-guard';
import { SelectField } from '../../../../client/ui/select-field';
import { DateField } from '../../../../client/ui/date-field';
import { TextField } from '../../../../client/ui/text-field';
import { useForm, validateOnServer } from '../../../../client/ui/use-form';
import { CreateEmployeeInputSchema, USER_BASIC_ENDPOINT } from '../../directory.contract';
import { departmentsQueryOptions } from '../../../../client/api/reference-lists';
import { createEmployeeMutationOptions, locationsQueryOptions, rolesQueryOptions } from '../directory.api';
import { FormFooter } from '../../../../client/ui/form-footer';

const EMPTY = {
  first_name: '',
  surname: '',
  email: '',
  department_id: null,
  location_id: null,
  job_title: '',
  start_date: null,
  role_id: null,
  send_invitation: false,
};

type Props = { opened: boolean; onClose: () => void };

export function AddEmployeeModal({ opened, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add employee" size="lg">
      {opened && <AddEmployeeForm onCancel={onClose} />}
    </Modal>
  );
}

function AddEmployeeForm({ onCancel }: { onCancel: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const chooseRole = can({ endpoint: USER_BASIC_ENDPOINT, method: 'POST', scope: 'company' });
  const departments = useQuery(departmentsQueryOptions());
  const locations = useQuery(locationsQueryOptions());
  const roles = useQuery({ ...rolesQueryOptions(), enabled: chooseRole });
  const create = useMutation(createEmployeeMutationOptions(queryClient));
  const form = useForm({
    schema: CreateEmployeeInputSchema,
    initialValues: EMPTY,
    serverValidate: validateOnServer('user-basic'),
    onSubmit: async (input) => {
      const person = await create.mutateAsync({ ...input, job_title: input.job_title || undefined });
      showSuccessToast({
        message: input.send_invitation
          ? `${person.first_name} ${person.surname} has been added and invited.`
          : `${person.first_name} ${person.surname} has been added.`,
      });
      await navigate({ to: '/employee/$id', params: { id: person.id } });
    },
  });
  const choices = (items: { id: string; name: string }[] | undefined) =>
    (items ?? []).map((item) => ({ value: item.id, label: item.name }));

  return (
    <form onSubmit={form.onSubmit} noValidate aria-label="Add employee">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextField label="First name" required maxLength={100} {...form.textProps('first_name')} />
          <TextField label="Surname" required maxLength={100} {...form.textProps('surname')} />
        </SimpleGrid>
        <TextField label="E-mail" type="email" required maxLength={254} {...form.textProps('email')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <SelectField label="Department" data={choices(departments.data?.results)} {...form.valueProps<string | null>('department_id')} />
          <SelectField label="Location" data={choices(locations.data?.results)} {...form.valueProps<string | null>('location_id')} />
          <TextField label="Job title" maxLength={100} {...form.textProps('job_title')} />
          <DateField
            label="Start date"
            {...form.valueProps<string | null>('start_date')}
            onChange={(next) => form.setFieldValue('start_date', next || null)}
          />
        </SimpleGrid>
        {chooseRole && (
          <SelectField
            label="Role"
            noneLabel="Employee (default)"
            data={choices(roles.data)}
            {...form.valueProps<string | null>('role_id')}
          />
        )}
        <Checkbox label="Send an invitation e-mail now" {...form.checkboxProps('send_invitation')} />
        <FormFooter submitting={form.submitting} onCancel={onCancel} label="Add employee" problem={form.otherErrors.join(' ') || null} />
      </Stack>
    </form>
  );
}
