// /settings/expense-settings: the company's expense types (ordered by name; a limit that warns,
// "receipt required"; archived rather than deleted, so claims keep their names) and its own
// mileage rates (empty pays HMRC's approved rates; above them the excess is taxable).
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NumberInput.css';
import { Alert, Badge, Button, Checkbox, Group, Modal, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { usePageTitle } from '../../../client/shell/page-title';
import { showSuccessToast } from '../../../client/shell/toasts';
import { ConfirmDialog } from '../../../client/ui/confirm-dialog';
import { can } from '../../../client/ui/permission-guard';
import { RowsTable } from '../../../client/ui/rows-view';
import { EXPENSE_TYPE_ENDPOINT, type ExpenseSettings, type ExpenseType } from '../expenses.contract';
import { formatPounds } from '../../../shared/money';
import {
  expenseSettingsQueryOptions,
  expenseTypesQueryOptions,
  refusalMessage,
  settingsMutationOptions,
  typesMutationOptions,
} from './expenses.api';
import { FormFooter } from '../../../client/ui/form-footer';

type Editing = { id?: string; name: string; limit: number | string; receipt_required: boolean };

function TypeModal({ editing, onClose }: { editing: Editing | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const save = useMutation(typesMutationOptions(queryClient));
  // Remounted for each type edited (its key), so the form starts from it.
  const [form, setForm] = useState<Editing | null>(editing);
  if (!form) return null;
  return (
    <Modal opened onClose={onClose} title={form.id ? 'Edit expense type' : 'Add expense type'} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const limit = form.limit === '' ? null : Number(form.limit);
          save.mutate(
            { ...(form.id ? { id: form.id } : {}), body: { name: form.name, limit, receipt_required: form.receipt_required } },
            { onSuccess: () => (showSuccessToast({ message: 'Expense type saved.' }), onClose()) },
          );
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Name"
            required
            maxLength={80}
            value={form.name}
            onChange={(event) => setForm({ ...form, name: event.currentTarget.value })}
          />
          <NumberInput
            label="Limit per item (£)"
            description="Claims over it are flagged for the approver, not refused."
            min={0.01}
            decimalScale={2}
            value={form.limit}
            onChange={(value) => setForm({ ...form, limit: value })}
          />
          <Checkbox
            label="Receipt required"
            checked={form.receipt_required}
            onChange={(event) => setForm({ ...form, receipt_required: event.currentTarget.checked })}
          />
          <FormFooter
            submitting={save.isPending}
            onCancel={onClose}
            problem={save.isError ? (refusalMessage(save.error) ?? 'Please try again.') : null}
          />
        </Stack>
      </form>
    </Modal>
  );
}

function MileageRates({ editable }: { editable: boolean }) {
  const settings = useQuery(expenseSettingsQueryOptions());
  if (!settings.data) return null;
  // Remounted when the saved rates change (its key), so the fields start from them.
  return <MileageRatesForm key={JSON.stringify(settings.data)} saved={settings.data} editable={editable} />;
}

function MileageRatesForm({ saved, editable }: { saved: ExpenseSettings; editable: boolean }) {
  const queryClient = useQueryClient();
  const save = useMutation(settingsMutationOptions(queryClient));
  const [rates, setRates] = useState<Record<keyof ExpenseSettings, number | string>>({
    car_rate: saved.car_rate ?? '',
    motorcycle_rate: saved.motorcycle_rate ?? '',
    bicycle_rate: saved.bicycle_rate ?? '',
  });
  const value = (key: keyof ExpenseSettings) => (rates[key] === '' ? null : Number(rates[key]));
  const fields: [keyof ExpenseSettings, string, string][] = [
    ['car_rate', 'Car or van (p a mile)', 'HMRC: 55p for the first 10,000 miles (45p before 6 April 2026), then 25p'],
    ['motorcycle_rate', 'Motorcycle (p a mile)', 'HMRC: 24p'],
    ['bicycle_rate', 'Bicycle (p a mile)', 'HMRC: 20p'],
  ];
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="mileage-rates">
      <Title order={2} fz="h4" id="mileage-rates">
        Mileage rates
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Leave a rate empty to pay HMRC’s approved rate. A higher rate makes the excess taxable: it is shown apart in exports and payroll.
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            { car_rate: value('car_rate'), motorcycle_rate: value('motorcycle_rate'), bicycle_rate: value('bicycle_rate') },
            { onSuccess: () => showSuccessToast({ message: 'Mileage rates saved.' }) },
          );
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {fields.map(([key, label, description]) => (
              <NumberInput
                key={key}
                label={label}
                description={description}
                min={1}
                max={200}
                allowDecimal={false}
                disabled={!editable}
                value={rates[key]}
                onChange={(next) => setRates({ ...rates, [key]: next })}
              />
            ))}
          </SimpleGrid>
          {save.isError && (
            <Alert color="red" role="alert">
              {refusalMessage(save.error) ?? 'Please try again.'}
            </Alert>
          )}
          {editable && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Save rates
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

export function ExpenseSettingsPage() {
  usePageTitle('Expense settings');
  const editable = can({ endpoint: EXPENSE_TYPE_ENDPOINT, method: 'PUT', scope: 'company' });
  const queryClient = useQueryClient();
  const types = useQuery(expenseTypesQueryOptions({ includeArchived: false }));
  const archive = useMutation(typesMutationOptions(queryClient));
  const [editing, setEditing] = useState<Editing | null>(null);
  const [archiving, setArchiving] = useState<ExpenseType | null>(null);

  return (
    <Stack gap="lg">
      <Title order={1}>Expense settings</Title>
      <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="expense-types">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="h4" id="expense-types">
            Expense types
          </Title>
          {editable && (
            <Button size="xs" onClick={() => setEditing({ name: '', limit: '', receipt_required: true })}>
              Add expense type
            </Button>
          )}
        </Group>
        {types.isPending ? (
          <Text c="dimmed">Loading…</Text>
        ) : (types.data ?? []).length === 0 ? (
          <Text c="dimmed">No expense types yet.</Text>
        ) : (
          <RowsTable
            label="Expense types"
            rows={types.data ?? []}
            minWidth={420}
            columns={[
              { label: 'Name', render: (type) => type.name },
              { label: 'Limit', render: (type) => (type.limit === null ? '—' : formatPounds(type.limit)) },
              { label: 'Receipt', render: (type) => (type.receipt_required ? <Badge variant="light">Required</Badge> : 'Optional') },
            ]}
            actions={
              editable
                ? (type) => (
                    <>
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() =>
                          setEditing({ id: type.id, name: type.name, limit: type.limit ?? '', receipt_required: type.receipt_required })
                        }
                      >
                        Edit
                      </Button>
                      <Button size="xs" variant="subtle" color="red" onClick={() => setArchiving(type)}>
                        Archive
                      </Button>
                    </>
                  )
                : undefined
            }
          />
        )}
      </Paper>
      <MileageRates editable={editable} />
      <TypeModal key={editing ? (editing.id ?? 'new') : 'none'} editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={archiving !== null}
        title="Archive expense type"
        message={`Archive ${archiving?.name ?? ''}? It is no longer offered on new claims; claims that use it keep it.`}
        confirmLabel="Archive"
        color="red"
        busy={archive.isPending}
        problem={archive.isError ? (refusalMessage(archive.error) ?? 'Please try again.') : null}
        onConfirm={() => archiving && archive.mutate({ id: archiving.id, remove: true }, { onSuccess: () => setArchiving(null) })}
        onClose={() => setArchiving(null)}
      />
    </Stack>
  );
}
