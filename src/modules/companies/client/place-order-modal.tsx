// Ordering more seats or a product the company does not have yet, with the monthly amount it
// adds; the order waits for Stafflane to confirm it.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Radio.css';
import { Modal, NumberInput, Radio, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../client/api/api-client';
import { showSuccessToast } from '../../../client/shell/toasts';
import { FormFooter } from '../../../client/ui/form-footer';
import { PRODUCT_LABELS, PRODUCTS, type Product } from '../companies.contract';
import { orderAmountPence, PRODUCT_PRICES_PENCE, type CompanyPlan, type PlaceOrderInput } from '../orders.contract';
import { placeOrderMutationOptions } from './companies.api';
import { formatPence } from '../../../shared/money';

export function PlaceOrderModal({ opened, plan, onClose }: { opened: boolean; plan: CompanyPlan; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Order seats or a product">
      {opened && <PlaceOrderForm plan={plan} onDone={onClose} />}
    </Modal>
  );
}

function PlaceOrderForm({ plan, onDone }: { plan: CompanyPlan; onDone: () => void }) {
  const queryClient = useQueryClient();
  const missing = PRODUCTS.filter((product) => !plan.products.includes(product));
  const [kind, setKind] = useState<'seats' | 'product'>('seats');
  const [seats, setSeats] = useState<number | string>(5);
  const [product, setProduct] = useState<Product | null>(missing[0] ?? null);
  const [note, setNote] = useState('');
  const place = useMutation(placeOrderMutationOptions(queryClient));
  const errors = isApiError(place.error, 422) ? (place.error.fieldErrors ?? {}) : {};
  const problem = place.error && !isApiError(place.error, 422) ? place.error.message : null;

  const input: PlaceOrderInput | null =
    kind === 'seats' ? (typeof seats === 'number' ? { kind, seats, note } : null) : product ? { kind, product, note } : null;
  const amount = input ? orderAmountPence(input, { products: plan.products, seats: plan.seats, seatsUsed: plan.seats_used }) : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    place.mutate(input ?? { kind: 'seats', seats: Number.NaN, note }, {
      onSuccess: () => {
        showSuccessToast({ message: 'Order sent. Stafflane will confirm it and e-mail you.' });
        onDone();
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Order seats or a product">
      <Stack gap="md">
        <SegmentedControl
          fullWidth
          value={kind}
          onChange={(value) => setKind(value as 'seats' | 'product')}
          data={[
            { value: 'seats', label: 'More seats' },
            { value: 'product', label: 'A product', disabled: missing.length === 0 },
          ]}
        />
        {kind === 'seats' ? (
          <NumberInput label="Seats to add" min={1} allowDecimal={false} value={seats} onChange={setSeats} error={errors.seats?.[0]} />
        ) : (
          <Radio.Group label="Product" value={product} onChange={(value) => setProduct(value as Product)} error={errors.product?.[0]}>
            <Stack gap="xs" mt="xs">
              {missing.map((option) => (
                <Radio
                  key={option}
                  value={option}
                  label={`${PRODUCT_LABELS[option]} · ${formatPence(PRODUCT_PRICES_PENCE[option])} a seat each month`}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <Textarea
          label="Note for Stafflane"
          autosize
          minRows={2}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={errors.note?.[0]}
        />
        {amount !== null && (
          <Text size="sm" aria-live="polite">
            Adds {formatPence(amount)} a month before VAT, invoiced once confirmed.
          </Text>
        )}
        <FormFooter submitting={place.isPending} onCancel={onDone} label="Send order" problem={problem} />
      </Stack>
    </form>
  );
}
