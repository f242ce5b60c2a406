// One line of the claim form: a receipt item (date, type, description, gross, VAT, supplier, VAT
// receipt, receipts from the camera or a file) or a journey (date, from, to, purpose, miles,
// vehicle, passengers) with its amount estimated from HMRC's rates as typed.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/NumberInput.css';
import { ActionIcon, Button, Checkbox, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconCamera, IconFileUpload, IconTrash, IconX } from '@tabler/icons-react';
import { useId, useRef } from 'react';
import { RECEIPT_ACCEPT, VEHICLE_LABELS, VEHICLES, type ExpenseType, type Vehicle } from '../expenses.contract';
import { formatPounds } from '../../../shared/money';
import { mileageAmount, milesToTenths } from '../mileage-rules';
import type { ItemDraft, LineKind } from './claim-form-state';
import { DateField } from '../../../client/ui/date-field';

type Props = {
  index: number;
  kind: LineKind;
  item: ItemDraft;
  types: ExpenseType[];
  errors: Record<string, string>;
  busyFiles: boolean;
  onChange: (patch: Partial<ItemDraft>) => void;
  onFiles: (files: File[]) => void;
  onRemoveExisting: (receiptId: string) => void;
  onRemove: (() => void) | null;
};

function MileageEstimate({ item }: { item: ItemDraft }) {
  const miles = Number(item.miles);
  if (!item.date || !Number.isFinite(miles) || miles <= 0) return null;
  const result = mileageAmount({
    date: item.date,
    tenths: milesToTenths(miles),
    vehicle: item.vehicle,
    passengers: Number(item.passengers) || 0,
    priorCarTenths: 0,
  });
  return (
    <Text size="sm" aria-live="polite">
      About {formatPounds(result.paidPence / 100)} at HMRC’s rates
      {item.vehicle === 'car' ? ' (25p a mile once you pass 10,000 miles this tax year)' : ''}
    </Text>
  );
}

export function ClaimItemFields({ index, kind, item, types, errors, busyFiles, onChange, onFiles, onRemoveExisting, onRemove }: Props) {
  const camera = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const id = useId();
  const type = types.find((candidate) => candidate.id === item.expense_type_id);
  const gross = Number(item.gross);
  const label = `${kind === 'journeys' ? 'Journey' : 'Item'} ${index + 1}`;
  const pick = (input: HTMLInputElement | null) => {
    const files = Array.from(input?.files ?? []);
    if (input) input.value = '';
    if (files.length > 0) onFiles(files);
  };

  return (
    <Paper withBorder radius="md" p="sm" component="fieldset" aria-label={label} style={{ border: undefined, margin: 0 }}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600} component="legend">
            {label}
          </Text>
          {onRemove && (
            <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={`Remove ${label.toLowerCase()}`}>
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
        {kind === 'journeys' ? (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
              <DateField label="Date" required value={item.date} error={errors.date} onChange={(date) => onChange({ date })} />
              <TextInput
                label="Business purpose"
                required
                maxLength={200}
                value={item.purpose}
                error={errors.purpose}
                onChange={(event) => onChange({ purpose: event.currentTarget.value })}
              />
              <TextInput
                label="From"
                required
                maxLength={120}
                value={item.from}
                error={errors.from}
                onChange={(event) => onChange({ from: event.currentTarget.value })}
              />
              <TextInput
                label="To"
                required
                maxLength={120}
                value={item.to}
                error={errors.to}
                onChange={(event) => onChange({ to: event.currentTarget.value })}
              />
              <NumberInput
                label="Miles"
                required
                min={0.1}
                max={20000}
                decimalScale={1}
                inputMode="decimal"
                value={item.miles}
                error={errors.miles}
                onChange={(value) => onChange({ miles: value })}
              />
              <Select
                label="Vehicle"
                data={VEHICLES.map((vehicle) => ({ value: vehicle, label: VEHICLE_LABELS[vehicle] }))}
                value={item.vehicle}
                allowDeselect={false}
                error={errors.vehicle}
                onChange={(value) => onChange({ vehicle: (value ?? 'car') as Vehicle })}
              />
              <NumberInput
                label="Passengers"
                min={0}
                max={8}
                allowDecimal={false}
                inputMode="numeric"
                value={item.passengers}
                error={errors.passengers}
                onChange={(value) => onChange({ passengers: value })}
              />
            </SimpleGrid>
            <MileageEstimate item={item} />
          </>
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
              <DateField label="Date" required value={item.date} error={errors.date} onChange={(date) => onChange({ date })} />
              <Select
                label="Expense type"
                required
                placeholder="Choose"
                data={types
                  .filter((candidate) => !candidate.archived || candidate.id === item.expense_type_id)
                  .map((candidate) => ({ value: candidate.id, label: candidate.name }))}
                value={item.expense_type_id || null}
                error={errors.expense_type_id}
                onChange={(value) => onChange({ expense_type_id: value ?? '' })}
              />
              <TextInput
                label="Description"
                required
                maxLength={200}
                value={item.description}
                error={errors.description}
                onChange={(event) => onChange({ description: event.currentTarget.value })}
              />
              <TextInput
                label="Supplier"
                maxLength={120}
                value={item.supplier}
                error={errors.supplier}
                onChange={(event) => onChange({ supplier: event.currentTarget.value })}
              />
              <NumberInput
                label="Gross amount (£)"
                required
                min={0.01}
                decimalScale={2}
                fixedDecimalScale
                inputMode="decimal"
                value={item.gross}
                error={
                  errors.gross ??
                  (type?.limit && gross > type.limit
                    ? `Over the ${formatPounds(type.limit)} limit for ${type.name}: your approver will check it.`
                    : undefined)
                }
                onChange={(value) => onChange({ gross: value })}
              />
              <NumberInput
                label="VAT (£)"
                min={0}
                decimalScale={2}
                fixedDecimalScale
                inputMode="decimal"
                value={item.vat}
                error={errors.vat}
                onChange={(value) => onChange({ vat: value })}
              />
            </SimpleGrid>
            <Checkbox
              label="VAT receipt held"
              checked={item.vat_receipt_held}
              onChange={(event) => onChange({ vat_receipt_held: event.currentTarget.checked })}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id={`${id}-receipts`}>
                Receipts{type?.receipt_required ? ' (required)' : ''}
              </Text>
              {[
                ...item.existing.map((receipt) => ({ key: receipt.id, name: receipt.name, remove: () => onRemoveExisting(receipt.id) })),
                ...item.files.map((file, fileIndex) => ({
                  key: `${file.name}-${fileIndex}`,
                  name: file.name,
                  remove: () => onChange({ files: item.files.filter((_, other) => other !== fileIndex) }),
                })),
              ].map((receipt) => (
                <Group key={receipt.key} gap="xs" wrap="nowrap">
                  <Text size="sm" truncate style={{ flex: 1 }}>
                    {receipt.name}
                  </Text>
                  <ActionIcon variant="subtle" color="gray" onClick={receipt.remove} aria-label={`Remove receipt ${receipt.name}`}>
                    <IconX size={14} />
                  </ActionIcon>
                </Group>
              ))}
              {errors.receipts && (
                <Text size="xs" c="red.8" role="alert">
                  {errors.receipts}
                </Text>
              )}
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconCamera size={14} aria-hidden="true" />}
                  loading={busyFiles}
                  onClick={() => camera.current?.click()}
                >
                  Take photo
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconFileUpload size={14} aria-hidden="true" />}
                  loading={busyFiles}
                  onClick={() => picker.current?.click()}
                >
                  Choose file
                </Button>
              </Group>
              <input
                ref={camera}
                type="file"
                accept="image/*"
                capture="environment"
                hidden
                aria-labelledby={`${id}-receipts`}
                onChange={(event) => pick(event.currentTarget)}
              />
              <input
                ref={picker}
                type="file"
                accept={RECEIPT_ACCEPT}
                multiple
                hidden
                aria-labelledby={`${id}-receipts`}
                onChange={(event) => pick(event.currentTarget)}
              />
            </Stack>
          </>
        )}
      </Stack>
    </Paper>
  );
}
