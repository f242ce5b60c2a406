// One company for administrators: its status (active, on hold, disabled — with the reason,
// which its owners are e-mailed), its products and its seats.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import { Checkbox, Group, Input, Modal, NumberInput, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../client/api/api-client';
import { showSuccessToast } from '../../../client/shell/toasts';
import { FormFooter } from '../../../client/ui/form-footer';
import {
  COMPANY_STATUS_LABELS,
  COMPANY_STATUSES,
  PRODUCT_LABELS,
  PRODUCTS,
  type CompanyRow,
  type CompanyStatus,
  type Product,
} from '../companies.contract';
import { updateCompanyMutationOptions } from './companies.api';
import { seatsLabel } from './company-labels';

const STATUS_HELP: Record<CompanyStatus, string> = {
  active: 'Everyone at the company can sign in.',
  on_hold: 'Nobody can sign in (they read that the account is temporarily on hold); nothing is deleted.',
  disabled: 'Nobody can sign in; the records are kept.',
};

export function ManageCompanyModal({ company, onClose }: { company: CompanyRow | null; onClose: () => void }) {
  return (
    <Modal opened={company !== null} onClose={onClose} title={company ? company.name : ''} size="lg">
      {company && <ManageCompanyForm key={company.id} company={company} onDone={onClose} />}
    </Modal>
  );
}

function ManageCompanyForm({ company, onDone }: { company: CompanyRow; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<CompanyStatus>(company.status);
  const [reason, setReason] = useState('');
  const [products, setProducts] = useState<Product[]>(company.products);
  const [seats, setSeats] = useState<number | string>(company.seats ?? company.seats_used);
  const update = useMutation(updateCompanyMutationOptions(queryClient));
  const errors = isApiError(update.error, 422) ? (update.error.fieldErrors ?? {}) : {};
  const problem = update.error && !isApiError(update.error, 422) ? update.error.message : null;
  const statusChanges = status !== company.status;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update.mutate(
      {
        id: company.id,
        input: {
          products,
          seats: typeof seats === 'number' ? seats : Number.NaN,
          ...(statusChanges ? { status, reason } : {}),
        },
      },
      {
        onSuccess: (saved) => {
          showSuccessToast({
            message: statusChanges
              ? `${saved.name} is now ${COMPANY_STATUS_LABELS[saved.status].toLowerCase()}. Its owners have been e-mailed.`
              : 'Company saved.',
          });
          onDone();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={`Manage ${company.name}`}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {[company.number, company.sector_name].filter(Boolean).join(' · ') || 'No number or sector'} · Seats used{' '}
          {seatsLabel(company.seats_used, company.seats)}
        </Text>
        {company.status_reason && <Text size="sm">Last status change: {company.status_reason}</Text>}
        <Input.Wrapper label="Status" description={STATUS_HELP[status]} error={errors.status?.[0]}>
          <SegmentedControl
            fullWidth
            mt={4}
            value={status}
            onChange={(value) => setStatus(value as CompanyStatus)}
            data={COMPANY_STATUSES.map((value) => ({ value, label: COMPANY_STATUS_LABELS[value] }))}
          />
        </Input.Wrapper>
        {statusChanges && (
          <Textarea
            label="Reason"
            description="Recorded in the audit log and e-mailed to the company's owners"
            required
            autosize
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={errors.reason?.[0]}
          />
        )}
        <Checkbox.Group
          label="Products"
          value={products}
          onChange={(value) => setProducts(value as Product[])}
          error={errors.products?.[0]}
        >
          <Group mt="xs">
            {PRODUCTS.map((product) => (
              <Checkbox key={product} value={product} label={PRODUCT_LABELS[product]} />
            ))}
          </Group>
        </Checkbox.Group>
        <NumberInput label="Seats bought" min={1} allowDecimal={false} value={seats} onChange={setSeats} error={errors.seats?.[0]} />
        <FormFooter
          submitting={update.isPending}
          onCancel={onDone}
          label={statusChanges ? `Save and make ${COMPANY_STATUS_LABELS[status].toLowerCase()}` : 'Save'}
          problem={problem}
          color={statusChanges && status !== 'active' ? 'red' : undefined}
        />
      </Stack>
    </form>
  );
}
