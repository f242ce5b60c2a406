// Create or edit one item of an organisation list: the list's fields, checked with the
// contract's schema, then by the server's /validate (duplicate names), then saved. A 422
// lands on the fields; the modal closes on success with a toast.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import { Modal, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as v from 'valibot';
import { showSuccessToast } from '../../../client/shell/toasts';
import { useForm, validateOnServer, type Draft } from '../../../client/ui/use-form';
import { ItemField, type FieldBinding, type FieldSpec } from './item-fields';
import { saveItemMutationOptions } from './organisation.api';
import { FormFooter } from '../../../client/ui/form-footer';

export type ItemFormProps = {
  resource: string;
  /** "location": the modal says "New location" / "Edit location". */
  itemLabel: string;
  schema: v.GenericSchema;
  fields: readonly FieldSpec[];
  /** The values to start from: the empty item, or the one being edited. */
  initialValues: Record<string, unknown>;
  /** The item's id when editing. */
  id?: string | undefined;
  alsoRefresh?: readonly string[];
  onClose: () => void;
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function ItemFormModal(props: ItemFormProps & { opened: boolean }) {
  const title = `${props.id ? 'Edit' : 'New'} ${props.itemLabel}`;
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={title} size="lg">
      {/* Keyed so each opening starts from its own item's values. */}
      {props.opened && <ItemForm key={props.id ?? 'new'} {...props} title={title} />}
    </Modal>
  );
}

function ItemForm({
  resource,
  itemLabel,
  schema,
  fields,
  initialValues,
  id,
  alsoRefresh,
  onClose,
  title,
}: ItemFormProps & { title: string }) {
  const queryClient = useQueryClient();
  const save = useMutation(saveItemMutationOptions(queryClient, resource, alsoRefresh));
  const check = validateOnServer(resource);
  const form = useForm({
    schema,
    initialValues: initialValues as Draft<unknown>,
    // The id lets the server tell the item's own name from a clash with another's.
    serverValidate: (values) => check({ ...(values as object), ...(id ? { id } : {}) }),
    onSubmit: async (body) => {
      await save.mutateAsync({ id, body });
      showSuccessToast({ message: `${capitalised(itemLabel)} ${id ? 'saved' : 'created'}.` });
      onClose();
    },
  });
  return (
    <form onSubmit={form.onSubmit} noValidate aria-label={title}>
      <Stack gap="md">
        {fields.map((spec) => (
          <ItemField key={spec.name} spec={spec} form={form as unknown as FieldBinding} />
        ))}
        <FormFooter
          submitting={form.submitting}
          onCancel={onClose}
          label={id ? 'Save' : 'Create'}
          problem={form.otherErrors.join(' ') || null}
        />
      </Stack>
    </form>
  );
}
