// Adding or changing a shift: person (or open), day, times, unpaid break, role, place, notes,
// colour. A new shift's break follows the rule it comes from (the Working Time rest break for
// shifts over 6 hours, none otherwise), said under the field, until the manager types their
// own; a shift being changed keeps the break it was saved with. The contract checks the form as
// the manager types; the working-time checks run too; warnings need a reason to go ahead, and
// the under-18 limits cannot be overridden.
import { DateField } from '../../../client/ui/date-field';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/NumberInput.css';
import { Alert, Button, Group, List, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import * as v from 'valibot';
import { isApiError } from '../../../client/api/api-client';
import { referenceListQueryOptions, departmentsQueryOptions } from '../../../client/api/reference-lists';
import { ConfirmButton } from '../../../client/ui/confirm-dialog';
import { DATE_FORMATS, formatLondon, londonInstant } from '../../../shared/dates';
import { SHIFT_COLOURS, ShiftInputSchema, type RotaPerson, type Shift } from '../rotas.contract';
import { suggestedBreak } from '../working-time';
import { checkShift, deleteShiftMutationOptions, saveShiftMutationOptions, type ShiftBody } from './rotas.api';

export type ShiftDraft = { date: string; userId: string | null; departmentId: string | null; shift?: Shift };
type Values = {
  user: string;
  department: string;
  date: string;
  start: string;
  end: string;
  breakMinutes: number | string;
  /** Typed by the manager, or saved with the shift: no longer follows the rule. */
  breakChosen: boolean;
  role: string;
  location: string;
  notes: string;
  colour: string;
  reason: string;
};
const OPEN = 'open';

function initialValues(draft: ShiftDraft, people: RotaPerson[]): Values {
  const s = draft.shift;
  const person = people.find((p) => p.id === draft.userId);
  return {
    user: (s ? s.user_id : draft.userId) ?? OPEN,
    // The grid's department, else the person's own.
    department: s?.department_id ?? draft.departmentId ?? person?.department_id ?? '',
    date: draft.date,
    start: s ? formatLondon(s.start_at, DATE_FORMATS.time) : '09:00',
    end: s ? formatLondon(s.end_at, DATE_FORMATS.time) : '17:00',
    breakMinutes: s?.break_minutes ?? 0,
    breakChosen: s !== undefined,
    role: s?.role ?? '',
    location: s?.location_id ?? '',
    notes: s?.notes ?? '',
    colour: s?.colour ?? 'blue',
    reason: s?.override_reason ?? '',
  };
}

/** The shift's start and end instants; null until the day and times are whole. */
function timesOf(values: Values): { start_at: string; end_at: string } | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date) || !values.start || !values.end) return null;
  try {
    const start = londonInstant(values.date, values.start);
    let end = londonInstant(values.date, values.end);
    // An end at or before the start is the next morning (a night shift).
    if (end <= start) end = new Date(end.getTime() + 86_400_000);
    return { start_at: start.toISOString(), end_at: end.toISOString() };
  } catch {
    return null;
  }
}

/** What the break field holds as the contract reads it: a number, or NaN when empty (refused with its message). */
const breakOf = (value: number | string) => (typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value));

function bodyOf(values: Values): ShiftBody | null {
  const times = timesOf(values);
  if (!values.department || !times) return null;
  return {
    user_id: values.user === OPEN ? null : values.user,
    department_id: values.department,
    location_id: values.location || null,
    ...times,
    break_minutes: breakOf(values.breakMinutes),
    role: values.role,
    notes: values.notes,
    colour: values.colour as ShiftBody['colour'],
    override_reason: values.reason.trim() || null,
  };
}

/** The contract's first message for each field of the body, as the server would answer it. */
function contractErrors(body: ShiftBody | null): Record<string, string | undefined> {
  if (!body) return {};
  const parsed = v.safeParse(ShiftInputSchema, body);
  if (parsed.success) return {};
  const nested = v.flatten<typeof ShiftInputSchema>(parsed.issues).nested ?? {};
  return Object.fromEntries(Object.entries(nested).map(([key, messages]) => [key, messages?.[0]]));
}

type Finding = { code: string; message: string; rule: string };

/** The working-time checks' findings of one severity, each with the rule it comes from; nothing when there are none. */
function Findings({
  findings,
  colour,
  title,
  role,
}: {
  findings: readonly Finding[];
  colour: string;
  title: string;
  role: 'alert' | 'status';
}) {
  if (findings.length === 0) return null;
  return (
    <Alert color={colour} title={title} role={role}>
      <List size="sm">
        {findings.map((f) => (
          <List.Item key={f.code}>
            {f.message}{' '}
            <Text span size="xs" c="dimmed">
              ({f.rule})
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

export function ShiftFormModal({ draft, people, onClose }: { draft: ShiftDraft; people: RotaPerson[]; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => initialValues(draft, people));
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => ({ ...current, [key]: value }));
  const departments = useQuery(departmentsQueryOptions());
  const locations = useQuery(referenceListQueryOptions('company-location'));
  const times = timesOf(values);
  const suggestion = times ? suggestedBreak(times) : null;
  // Until the manager types a break of their own, a new shift's follows the rule as the times change.
  const shown = values.breakChosen || !suggestion ? values : { ...values, breakMinutes: suggestion.minutes };
  const body = bodyOf(shown);
  const invalid = contractErrors(body);
  const valid = body !== null && Object.keys(invalid).length === 0;
  const [debounced] = useDebouncedValue(valid ? { ...body, override_reason: null } : null, 300);
  const check = useQuery({
    queryKey: ['rota', 'check', draft.shift?.id ?? 'new', debounced],
    queryFn: ({ signal }) => checkShift({ ...debounced!, ...(draft.shift ? { id: draft.shift.id } : {}) }, signal),
    enabled: debounced !== null && debounced.user_id !== null,
    retry: false,
    meta: { errorToast: false },
  });
  const save = useMutation(saveShiftMutationOptions(queryClient));
  const remove = useMutation(deleteShiftMutationOptions(queryClient));
  const findings = debounced?.user_id ? (check.data?.findings ?? []) : [];
  const stops = findings.filter((f) => f.severity === 'stop');
  const warnings = findings.filter((f) => f.severity === 'warning');
  const errors = isApiError(save.error, 422) ? (save.error.fieldErrors ?? {}) : {};
  const first = (key: string) => errors[key]?.[0];
  const breakRule = suggestion
    ? values.breakChosen
      ? `Chosen for this shift. The rule would give ${suggestion.rule.charAt(0).toLowerCase()}${suggestion.rule.slice(1)}`
      : suggestion.rule
    : undefined;

  const submit = () => {
    if (!body || !valid) return;
    save.mutate({ ...(draft.shift ? { id: draft.shift.id } : {}), body }, { onSuccess: onClose });
  };

  return (
    <Modal opened onClose={onClose} title={draft.shift ? 'Change shift' : 'Add shift'} size="lg">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Person"
            data={[{ value: OPEN, label: 'Open shift (anyone may claim)' }, ...people.map((p) => ({ value: p.id, label: p.name }))]}
            value={values.user}
            onChange={(v) => set('user', v ?? OPEN)}
            searchable
            allowDeselect={false}
            error={first('user_id')}
          />
          <Select
            label="Department"
            data={(departments.data?.results ?? []).map((d) => ({ value: d.id, label: d.name }))}
            value={values.department || null}
            onChange={(v) => set('department', v ?? '')}
            allowDeselect={false}
            error={first('department_id')}
            withAsterisk
          />
          <DateField label="Day" name="date" required value={values.date} onChange={(value) => set('date', value)} />
          <Group grow gap="xs">
            <TextInput
              label="Start"
              type="time"
              value={values.start}
              onChange={(e) => set('start', e.currentTarget.value)}
              error={first('start_at')}
              withAsterisk
            />
            <TextInput
              label="End"
              type="time"
              value={values.end}
              onChange={(e) => set('end', e.currentTarget.value)}
              error={invalid.end_at ?? first('end_at')}
              withAsterisk
            />
          </Group>
          <NumberInput
            label="Unpaid break (minutes)"
            description={breakRule}
            min={0}
            max={720}
            allowDecimal={false}
            value={shown.breakMinutes}
            onChange={(minutes) => setValues((current) => ({ ...current, breakMinutes: minutes, breakChosen: true }))}
            error={invalid.break_minutes ?? first('break_minutes')}
          />
          <TextInput
            label="Role"
            value={values.role}
            maxLength={100}
            onChange={(e) => set('role', e.currentTarget.value)}
            error={first('role')}
          />
          <Select
            label="Location"
            data={(locations.data?.results ?? []).map((l) => ({ value: l.id, label: l.name }))}
            value={values.location || null}
            onChange={(v) => set('location', v ?? '')}
            clearable
            placeholder="Not Selected"
          />
          <Select
            label="Colour"
            data={SHIFT_COLOURS.map((c) => ({ value: c, label: c[0]!.toUpperCase() + c.slice(1) }))}
            value={values.colour}
            onChange={(v) => set('colour', v ?? 'blue')}
            allowDeselect={false}
          />
        </SimpleGrid>
        <Textarea label="Notes" rows={3} maxLength={1000} value={values.notes} onChange={(e) => set('notes', e.currentTarget.value)} />
        <Findings findings={stops} colour="red" title="This shift is not allowed" role="alert" />
        <Findings findings={warnings} colour="yellow" title="Working-time warnings" role="status" />
        {(warnings.length > 0 || first('override_reason')) && (
          <TextInput
            label="Reason to go ahead"
            description="Recorded with the shift."
            value={values.reason}
            maxLength={300}
            onChange={(e) => set('reason', e.currentTarget.value)}
            error={first('override_reason')}
            withAsterisk
          />
        )}
        {save.error && !isApiError(save.error, 422) && <Alert color="red">{save.error.message}</Alert>}
        <Group justify="space-between">
          {draft.shift ? (
            <ConfirmButton
              variant="subtle"
              color="red"
              title="Delete shift"
              message={draft.shift.published ? 'The person will be told this shift is cancelled.' : 'Delete this draft shift?'}
              confirmLabel="Delete"
              onConfirm={() => remove.mutateAsync(draft.shift!.id).then(onClose)}
            >
              Delete
            </ConfirmButton>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              onClick={submit}
              loading={save.isPending}
              disabled={!valid || stops.length > 0 || (warnings.length > 0 && !values.reason.trim())}
            >
              Save shift
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
