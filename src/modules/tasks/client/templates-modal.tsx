// The template library: ready tasks added in one click for the caller, with their defaults
// (first due date, how they repeat, reminders and checklist), editable afterwards.
import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { showDangerToast, showSuccessToast } from '../../../client/shell/toasts';
import { TASK_ROUTES, type TaskArea, type TaskTemplate } from '../tasks.contract';
import { fromTemplateMutationOptions, refusalMessage, taskTemplatesQueryOptions } from './tasks.api';

const repeats = (template: TaskTemplate) => {
  const recurrence = template.recurrence;
  if (!recurrence) return 'Once';
  const every =
    recurrence.interval > 1 ? `Every ${recurrence.interval} ${recurrence.frequency === 'monthly' ? 'months' : 'periods'}` : null;
  return every ?? { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly', yearly: 'Yearly' }[recurrence.frequency];
};

export function TemplatesModal({ area, opened, onClose }: { area: TaskArea; opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const templates = useQuery({ ...taskTemplatesQueryOptions(area), enabled: opened });
  const add = useMutation(fromTemplateMutationOptions(queryClient, area));
  const addOne = (template: TaskTemplate) =>
    add.mutate(
      { template_key: template.key },
      {
        onSuccess: (created) => {
          showSuccessToast({ message: `“${template.title}” added to your tasks.` });
          onClose();
          const id = created.ids[0];
          if (id) void navigate({ to: TASK_ROUTES[area].detail, params: { id } });
        },
        onError: (error) => showDangerToast({ message: refusalMessage(error) ?? 'Error occurred' }),
      },
    );
  return (
    <Modal opened={opened} onClose={onClose} title="Add from the template library" size="lg">
      <Stack gap="sm">
        {templates.isPending && <Skeleton h={200} />}
        {templates.data?.results.map((template) => (
          <Paper key={template.key} withBorder p="sm" radius="md">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} miw={0}>
                <Text fw={600}>{template.title}</Text>
                <Text size="sm" c="dimmed">
                  {template.description}
                </Text>
                <Text size="xs" c="dimmed">
                  {repeats(template)} · {template.checklist.length} checklist items · reminders {template.reminder_days.join(', ')} days
                  before
                </Text>
              </Stack>
              <Button
                size="xs"
                style={{ flex: 'none' }}
                onClick={() => addOne(template)}
                loading={add.isPending && add.variables?.template_key === template.key}
                aria-label={`Add ${template.title}`}
              >
                Add
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Modal>
  );
}
