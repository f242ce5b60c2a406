// "Edit" on a profile (PUT /api/user-basic/{id}): names and mobile; the sign-in e-mail,
// department and location for department- or company-wide editors (the e-mail for
// company-wide ones only, and it changes once the new address confirms it); role and
// authorised contact for company-wide ones (the server refuses the rest anyway). A 422
// lands on the fields.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Checkbox.css';
import { Checkbox, Modal, SimpleGrid, Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { can } from '../../../../client/ui/permission-guard';
import { SelectField } from '../../../../client/ui/select-field';
import { TextField } from '../../../../client/ui/text-field';
import { useForm } from '../../../../client/ui/use-form';
import { UpdateEmployeeInputSchema, USER_BASIC_ENDPOINT, type UpdateEmployeeInput, type UserBasic } from '../../directory.contract';
import { departmentsQueryOptions } from '../../../../client/api/reference-lists';
import { locationsQueryOptions, rolesQueryOptions, updateEmployeeMutationOptions } from '../directory.api';
import { FormFooter } from '../../../../client/ui/form-footer';

type Props = { opened: boolean; user: UserBasic; onClose: () => void };

export function EditBasicModal({ opened, user, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Edit details" size="lg">
      {opened && <EditBasicForm user={user} onClose={onClose} />}
    </Modal>
  );
}

export const emailChangeSentMessage = (email: string) =>
  `The details have been saved. The new e-mail address takes effect once ${email} confirms it through the link just sent.`;

function emailDescription(user: UserBasic, company: boolean): string | undefined {
  if (user.pending_email) return `Waiting for confirmation of ${user.pending_email}; sign-in stays on ${user.email} until then.`;
  return company ? undefined : 'Only an owner or HR admin can change the sign-in e-mail.';
}

const choices = (items: { id: string; name: string }[] | undefined) => (items ?? []).map((item) => ({ value: item.id, label: item.name }));

function EditBasicForm({ user, onClose }: Omit<Props, 'opened'>) {
  const queryClient = useQueryClient();
  const wide = can({ endpoint: USER_BASIC_ENDPOINT, method: 'PUT', scope: 'department' });
  const company = can({ endpoint: USER_BASIC_ENDPOINT, method: 'PUT', scope: 'company' });
  const departments = useQuery({ ...departmentsQueryOptions(), enabled: wide });
  const locations = useQuery({ ...locationsQueryOptions(), enabled: wide });
  const roles = useQuery({ ...rolesQueryOptions(), enabled: company });
  const update = useMutation(updateEmployeeMutationOptions(queryClient));
  const form = useForm({
    schema: UpdateEmployeeInputSchema,
    initialValues: {
      first_name: user.first_name,
      middle_names: user.middle_names ?? '',
      surname: user.surname,
      email: user.email,
      mobile: user.mobile ?? '',
      ...(wide ? { department_id: user.department?.id ?? user.department_id, location_id: user.location?.id ?? null } : {}),
      ...(company ? { role_id: user.role?.id ?? null, authorised_contact: user.authorised_contact } : {}),
    },
    onSubmit: async (values) => {
      const input: UpdateEmployeeInput = { ...values, middle_names: values.middle_names || null, mobile: values.mobile || null };
      const saved = await update.mutateAsync({ id: user.id, input });
      const waiting = saved?.pending_email && saved.pending_email !== user.pending_email;
      showSuccessToast({ message: waiting ? emailChangeSentMessage(saved.pending_email ?? '') : 'The details have been saved.' });
      onClose();
    },
  });

  return (
    <form onSubmit={form.onSubmit} noValidate aria-label="Edit details">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextField label="First name" required maxLength={100} {...form.textProps('first_name')} />
          <TextField label="Middle names" maxLength={100} {...form.textProps('middle_names')} />
          <TextField label="Surname" required maxLength={100} {...form.textProps('surname')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextField
            label="E-mail"
            type="email"
            required
            maxLength={254}
            disabled={!company}
            description={emailDescription(user, company)}
            {...form.textProps('email')}
          />
          <TextField label="Mobile" type="tel" maxLength={20} {...form.textProps('mobile')} />
          {wide && (
            <>
              <SelectField
                label="Department"
                data={choices(departments.data?.results)}
                {...form.valueProps<string | null>('department_id')}
              />
              <SelectField label="Location" data={choices(locations.data?.results)} {...form.valueProps<string | null>('location_id')} />
            </>
          )}
          {company && <SelectField label="Role" required data={choices(roles.data)} {...form.valueProps<string | null>('role_id')} />}
        </SimpleGrid>
        {company && (
          <Checkbox label="Authorised contact (may contact the HR and H&S advice teams)" {...form.checkboxProps('authorised_contact')} />
        )}
        <FormFooter submitting={form.submitting} onCancel={onClose} problem={form.otherErrors.join(' ') || null} />
      </Stack>
    </form>
  );
}
