// New company: its details, the products it bought and its seats, and its owner, who is
// invited by e-mail and goes through /confirm-email and /welcome like anyone invited.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/NumberInput.css';
import { Checkbox, Group, Modal, NumberInput, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../client/api/api-client';
import { showSuccessToast } from '../../../client/shell/toasts';
import { FormFooter } from '../../../client/ui/form-footer';
import { PRODUCT_LABELS, PRODUCTS, type Product } from '../companies.contract';
import { createCompanyMutationOptions } from './companies.api';

type Values = {
  name: string;
  number: string;
  sector_name: string;
  address: string;
  products: Product[];
  seats: number | string;
  first_name: string;
  surname: string;
  email: string;
};
const EMPTY: Values = {
  name: '',
  number: '',
  sector_name: '',
  address: '',
  products: ['hr'],
  seats: 10,
  first_name: '',
  surname: '',
  email: '',
};

export function CreateCompanyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="New company" size="lg">
      {opened && <CreateCompanyForm onDone={onClose} />}
    </Modal>
  );
}

function CreateCompanyForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(EMPTY);
  const create = useMutation(createCompanyMutationOptions(queryClient));
  const errors = isApiError(create.error, 422) ? (create.error.fieldErrors ?? {}) : {};
  const problem = create.error && !isApiError(create.error, 422) ? create.error.message : null;
  const set = (patch: Partial<Values>) => setValues((current) => ({ ...current, ...patch }));
  const error = (path: string) => errors[path]?.[0];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate(
      {
        name: values.name,
        number: values.number,
        sector_name: values.sector_name,
        address: values.address,
        products: values.products,
        seats: typeof values.seats === 'number' ? values.seats : Number.NaN,
        owner: { first_name: values.first_name, surname: values.surname, email: values.email },
      },
      {
        onSuccess: (created) => {
          showSuccessToast({ message: `${created.company.name} created. An invitation has gone to ${created.owner.email}.` });
          onDone();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="New company">
      <Stack gap="md">
        <TextInput
          label="Company name"
          required
          value={values.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          error={error('name')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Company number"
            description="Companies House, if registered"
            value={values.number}
            onChange={(e) => set({ number: e.currentTarget.value })}
            error={error('number')}
          />
          <TextInput
            label="Sector"
            value={values.sector_name}
            onChange={(e) => set({ sector_name: e.currentTarget.value })}
            error={error('sector_name')}
          />
        </SimpleGrid>
        <Textarea
          label="Address"
          autosize
          minRows={2}
          value={values.address}
          onChange={(e) => set({ address: e.currentTarget.value })}
          error={error('address')}
        />
        <Checkbox.Group
          label="Products"
          description="Priced per person each month"
          value={values.products}
          onChange={(products) => set({ products: products as Product[] })}
          error={error('products')}
        >
          <Group mt="xs">
            {PRODUCTS.map((product) => (
              <Checkbox key={product} value={product} label={PRODUCT_LABELS[product]} />
            ))}
          </Group>
        </Checkbox.Group>
        <NumberInput
          label="Seats"
          description="People the company pays for"
          min={1}
          allowDecimal={false}
          value={values.seats}
          onChange={(seats) => set({ seats })}
          error={error('seats')}
        />
        <Title order={3} fz="h5" mt="xs">
          Owner
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="First name"
            required
            value={values.first_name}
            onChange={(e) => set({ first_name: e.currentTarget.value })}
            error={error('owner.first_name')}
          />
          <TextInput
            label="Surname"
            required
            value={values.surname}
            onChange={(e) => set({ surname: e.currentTarget.value })}
            error={error('owner.surname')}
          />
        </SimpleGrid>
        <TextInput
          label="E-mail"
          type="email"
          required
          description="They are sent an invitation to set up their account"
          value={values.email}
          onChange={(e) => set({ email: e.currentTarget.value })}
          error={error('owner.email')}
        />
        <FormFooter submitting={create.isPending} onCancel={onDone} label="Create and invite" problem={problem} />
      </Stack>
    </form>
  );
}
