// "New task": title, description, whom (a person, or everyone in a department or location — one
// task each), due date and time, priority, how it repeats, reminders and checklist items. The
// server's field messages land beside their fields.
import { DateField } from '../../../client/ui/date-field';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Chip.css';
import '@mantine/core/styles/NumberInput.css';
import {
  Button,
  Checkbox,
  Chip,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../client/api/api-client';
import { departmentsQueryOptions, referenceListQueryOptions } from '../../../client/api/reference-lists';
import { showSuccessToast } from '../../../client/shell/toasts';
import { londonDate } from '../../../shared/dates';
import {
  FREQUENCIES,
  PRIORITIES,
  PRIORITY_LABELS,
  TASK_AREA_NAMES,
  WEEKDAYS,
  WEEKDAY_NAMES,
  type Frequency,
  type TaskArea,
  type TaskPriority,
  type TaskDetail,
  type Weekday,
} from '../tasks.contract';
import { createTaskMutationOptions, refusalMessage, updateTaskMutationOptions } from './tasks.api';
import { PersonSelect } from '../../../client/ui/person-select';
import { FormFooter } from '../../../client/ui/form-footer';

const FREQUENCY_LABELS: Record<Frequency | 'none', string> = {
  none: 'Does not repeat',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  yearly: 'Yearly',
};
const REMINDER_CHOICES = [30, 14, 7, 3, 1];

type Props = {
  area: TaskArea;
  opened: boolean;
  onClose: () => void;
  selfId: string;
  incidentId?: string;
  /** Editing this task (its person only; the checklist stays as it is) rather than making new ones. */
  task?: TaskDetail;
  /** After new tasks are made: whether they are all the creator's own (else they are among the tasks they manage). */
  onCreated?: (made: { forSelf: boolean }) => void;
};

export function TaskFormModal({ area, opened, onClose, selfId, incidentId, task, onCreated }: Props) {
  const queryClient = useQueryClient();
  const create = useMutation(createTaskMutationOptions(queryClient, area));
  const update = useMutation(updateTaskMutationOptions(queryClient, area));
  const saving = task ? update : create;
  const departments = useQuery({ ...departmentsQueryOptions(), enabled: opened });
  const locations = useQuery({ ...referenceListQueryOptions('company-location'), enabled: opened });
  const [title, setTitle] = useState(task?.title ?? '');
  const [description, setDescription] = useState(task?.description ?? '');
  const [assigneeKind, setAssigneeKind] = useState<'user' | 'department' | 'location'>('user');
  const [assigneeId, setAssigneeId] = useState<string | null>(task?.assignee.id ?? selfId);
  const [dueDate, setDueDate] = useState(task?.due_date ?? londonDate(new Date()));
  const [dueTime, setDueTime] = useState(task?.due_time ?? '');
  const [priority, setPriority] = useState<TaskPriority>(task?.priority ?? 'normal');
  const [frequency, setFrequency] = useState<Frequency | 'none'>(task?.recurrence?.frequency ?? 'none');
  const [weekdays, setWeekdays] = useState<Weekday[]>(task?.recurrence?.weekdays ?? []);
  const [monthDay, setMonthDay] = useState<number | ''>(task?.recurrence?.month_day ?? '');
  const [reminders, setReminders] = useState<string[]>((task?.reminder_days ?? [7, 1]).map(String));
  const [remindOverdue, setRemindOverdue] = useState(task?.remind_overdue ?? true);
  const [checklist, setChecklist] = useState('');
  const errors = isApiError(saving.error, 422) ? (saving.error.fieldErrors ?? {}) : {};
  // A refusal, or a 422 with no field to show it beside, is said under the form.
  const problem = !saving.isError
    ? null
    : isApiError(saving.error, 422)
      ? Object.keys(errors).length === 0
        ? saving.error.message
        : null
      : (refusalMessage(saving.error) ?? 'Error occurred');
  const error = (key: string) => errors[key]?.join(' ');

  const recurrence = frequency === 'none' ? null : { frequency, interval: 1, weekdays, month_day: monthDay === '' ? null : monthDay };
  const submit = () => {
    if (task) {
      update.mutate(
        {
          id: task.id,
          body: {
            title,
            description,
            assignee_id: assigneeId ?? '',
            due_date: dueDate,
            due_time: dueTime,
            priority,
            recurrence,
            reminder_days: reminders.map(Number),
            remind_overdue: remindOverdue,
          },
        },
        {
          onSuccess: () => {
            showSuccessToast({ message: 'Task saved.' });
            onClose();
          },
        },
      );
      return;
    }
    create.mutate(
      {
        title,
        description,
        assignee: { kind: assigneeKind, id: assigneeId ?? '' },
        due_date: dueDate,
        due_time: dueTime,
        priority,
        recurrence,
        reminder_days: reminders.map(Number),
        remind_overdue: remindOverdue,
        checklist: checklist
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
        incident_id: incidentId ?? null,
      },
      {
        onSuccess: (created) => {
          showSuccessToast({
            message: created.count === 1 ? `${TASK_AREA_NAMES[area]} added.` : `${created.count} tasks added, one each.`,
          });
          setTitle('');
          setDescription('');
          setChecklist('');
          onClose();
          onCreated?.({ forSelf: assigneeKind === 'user' && assigneeId === selfId });
        },
      },
    );
  };

  const options = (rows: { id: string; name: string }[] | undefined) => (rows ?? []).map((row) => ({ value: row.id, label: row.name }));

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={task ? 'Edit task' : incidentId ? 'New follow-up action' : `New ${TASK_AREA_NAMES[area]}`}
      size="lg"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Title"
            required
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            error={error('title')}
            maxLength={200}
          />
          <Textarea
            label="Description"
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            error={error('description')}
            autosize
            minRows={2}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="assign-to">
              Assign to
            </Text>
            {!task && (
              <SegmentedControl
                aria-labelledby="assign-to"
                value={assigneeKind}
                onChange={(value) => {
                  setAssigneeKind(value as typeof assigneeKind);
                  setAssigneeId(value === 'user' ? selfId : null);
                }}
                data={[
                  { value: 'user', label: 'A person' },
                  { value: 'department', label: 'A department' },
                  { value: 'location', label: 'A location' },
                ]}
              />
            )}
            {assigneeKind === 'user' && (
              <PersonSelect
                label="Person"
                value={assigneeId}
                onChange={setAssigneeId}
                error={error('assignee.id') ?? error('assignee')}
                initial={
                  task ? { id: task.assignee.id, name: `${task.assignee.first_name} ${task.assignee.surname}` } : { id: selfId, name: 'Me' }
                }
              />
            )}
            {assigneeKind !== 'user' && (
              <Select
                label={assigneeKind === 'department' ? 'Department' : 'Location'}
                description="Everyone there gets a task of their own."
                data={options(assigneeKind === 'department' ? departments.data?.results : locations.data?.results)}
                value={assigneeId}
                onChange={setAssigneeId}
                error={error('assignee.id') ?? error('assignee')}
              />
            )}
          </Stack>
          <Group grow align="flex-start">
            <DateField label="Due date" required value={dueDate} onChange={setDueDate} error={error('due_date')} />
            <TextInput
              label="Time (optional)"
              placeholder="HH:mm"
              value={dueTime}
              onChange={(event) => setDueTime(event.currentTarget.value)}
              error={error('due_time')}
            />
          </Group>
          <Select
            label="Priority"
            data={PRIORITIES.map((value) => ({ value, label: PRIORITY_LABELS[value] }))}
            value={priority}
            onChange={(value) => setPriority((value as TaskPriority) ?? 'normal')}
            allowDeselect={false}
          />
          <Select
            label="Repeats"
            data={(['none', ...FREQUENCIES] as const).map((value) => ({ value, label: FREQUENCY_LABELS[value] }))}
            value={frequency}
            onChange={(value) => setFrequency((value as Frequency | 'none') ?? 'none')}
            allowDeselect={false}
          />
          {frequency === 'weekly' && (
            <MultiSelect
              label="On"
              data={WEEKDAYS.map((day) => ({ value: day, label: WEEKDAY_NAMES[day] }))}
              value={weekdays}
              onChange={(value) => setWeekdays(value as Weekday[])}
              error={error('recurrence.weekdays')}
            />
          )}
          {frequency === 'monthly' && (
            <NumberInput
              label="Day of the month"
              min={1}
              max={31}
              value={monthDay}
              onChange={(value) => setMonthDay(typeof value === 'number' ? value : '')}
              error={error('recurrence.month_day')}
            />
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Remind
            </Text>
            <Chip.Group multiple value={reminders} onChange={setReminders}>
              <Group gap="xs">
                {REMINDER_CHOICES.map((days) => (
                  <Chip key={days} value={String(days)} size="sm">
                    {days === 1 ? '1 day before' : `${days} days before`}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            <Checkbox label="When overdue" checked={remindOverdue} onChange={(event) => setRemindOverdue(event.currentTarget.checked)} />
          </Stack>
          {!task && (
            <Textarea
              label="Checklist (one item a line)"
              value={checklist}
              onChange={(event) => setChecklist(event.currentTarget.value)}
              autosize
              minRows={2}
              error={error('checklist')}
            />
          )}
          <FormFooter submitting={saving.isPending} onCancel={onClose} label={task ? 'Save' : 'Add task'} problem={problem} />
        </Stack>
      </form>
    </Modal>
  );
}

/** A button opening the form for an H&S follow-up action of an incident (the incident page shows it). */
export function FollowUpActionButton({ incidentId, selfId }: { incidentId: string; selfId: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Group>
        <Button variant="light" onClick={() => setOpened(true)}>
          Add a follow-up action
        </Button>
      </Group>
      <TaskFormModal area="hs" opened={opened} onClose={() => setOpened(false)} selfId={selfId} incidentId={incidentId} />
    </>
  );
}
