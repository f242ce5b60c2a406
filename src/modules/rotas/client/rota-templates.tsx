// Week templates: save the department's week as a template, or add a saved template's
// shifts to this week as drafts.
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Popover.css';
import { Button, Menu } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { showSuccessToast } from '../../../client/shell/toasts';
import { DATE_FORMATS, formatCalendarDate } from '../../../shared/dates';
import { applyTemplateMutationOptions, saveTemplateMutationOptions, templatesQueryOptions } from './rotas.api';

export function RotaTemplates({ departmentId, week }: { departmentId: string; week: string }) {
  const queryClient = useQueryClient();
  const templates = useQuery(templatesQueryOptions());
  const save = useMutation(saveTemplateMutationOptions(queryClient));
  const apply = useMutation(applyTemplateMutationOptions(queryClient));
  const mine = (templates.data ?? []).filter((template) => template.department_id === departmentId);
  return (
    <Menu position="bottom-start">
      <Menu.Target>
        <Button variant="default" loading={save.isPending || apply.isPending}>
          Templates
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          onClick={() =>
            save.mutate(
              { name: `Week of ${formatCalendarDate(week, DATE_FORMATS.date)}`, department_id: departmentId, week },
              { onSuccess: () => showSuccessToast({ message: 'This week is saved as a template.' }) },
            )
          }
        >
          Save this week as a template
        </Menu.Item>
        {mine.length > 0 && <Menu.Label>Apply to this week</Menu.Label>}
        {mine.map((template) => (
          <Menu.Item
            key={template.id}
            onClick={() =>
              apply.mutate(
                { id: template.id, week },
                { onSuccess: (r) => showSuccessToast({ message: `${r.added} shifts added as drafts.` }) },
              )
            }
          >
            {template.name} ({template.shift_count} shifts)
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
