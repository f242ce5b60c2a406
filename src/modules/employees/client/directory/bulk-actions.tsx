// Bulk actions on the selected employees (/bulk, all or nothing): add or remove tags,
// change department, send invitations. Each opens a small dialog that confirms what will
// happen; a refusal shows the server's reason there and changes nobody.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { Button, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { FormFooter } from '../../../../client/ui/form-footer';
import { SelectionBar } from '../../../../client/ui/selection-bar';
import { SelectField } from '../../../../client/ui/select-field';
import type { DirectoryBulkInput } from '../../directory.contract';
import { departmentsQueryOptions } from '../../../../client/api/reference-lists';
import { bulkMutationOptions, refusalMessage, tagsQueryOptions } from '../directory.api';

export type BulkAction = DirectoryBulkInput['action'];

const ACTIONS: { action: BulkAction; label: string }[] = [
  { action: 'add_tags', label: 'Add tags' },
  { action: 'remove_tags', label: 'Remove tags' },
  { action: 'set_department', label: 'Change department' },
  { action: 'invite', label: 'Send invitations' },
];

export const employeesCount = (count: number) => `${count} ${count === 1 ? 'employee' : 'employees'}`;

type BarProps = { userIds: string[]; onDone: () => void; onClear: () => void };

export function BulkBar({ userIds, onDone, onClear }: BarProps) {
  const [action, setAction] = useState<BulkAction | null>(null);
  return (
    <SelectionBar count={userIds.length} onClear={onClear}>
      {ACTIONS.map((entry) => (
        <Button key={entry.action} size="xs" variant="default" onClick={() => setAction(entry.action)}>
          {entry.label}
        </Button>
      ))}
      <Modal opened={action !== null} onClose={() => setAction(null)} title={ACTIONS.find((entry) => entry.action === action)?.label}>
        {action && (
          <BulkForm
            key={action}
            action={action}
            userIds={userIds}
            onCancel={() => setAction(null)}
            onDone={() => {
              setAction(null);
              onDone();
            }}
          />
        )}
      </Modal>
    </SelectionBar>
  );
}

type FormProps = { action: BulkAction; userIds: string[]; onCancel: () => void; onDone: () => void };

function BulkForm({ action, userIds, onCancel, onDone }: FormProps) {
  const queryClient = useQueryClient();
  const bulk = useMutation(bulkMutationOptions(queryClient));
  const tagAction = action === 'add_tags' || action === 'remove_tags';
  const tags = useQuery({ ...tagsQueryOptions(), enabled: tagAction });
  const departments = useQuery({ ...departmentsQueryOptions(), enabled: action === 'set_department' });
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [departmentId, setDepartmentId] = useState<string | null>(null);
  const who = employeesCount(userIds.length);
  const ready = tagAction ? tagIds.length > 0 : action === 'set_department' ? departmentId !== null : true;

  const body = (): DirectoryBulkInput => {
    if (action === 'add_tags' || action === 'remove_tags') return { action, data: { user_ids: userIds, tag_ids: tagIds } };
    if (action === 'set_department') return { action, data: { user_ids: userIds, department_id: departmentId ?? '' } };
    return { action, data: { user_ids: userIds } };
  };
  const submit = () =>
    bulk.mutate(body(), {
      onSuccess: (result) => {
        showSuccessToast({ message: `${employeesCount(result.updated)} updated.` });
        onDone();
      },
    });

  const summary = {
    add_tags: `The tags you choose are added to ${who}.`,
    remove_tags: `The tags you choose are removed from ${who}.`,
    set_department: `${who} will move to the department you choose.`,
    invite: `Send an invitation e-mail to ${who}? Anyone already set up makes the whole request fail, and nobody is sent one.`,
  }[action];
  const problem = bulk.isError ? (refusalMessage(bulk.error) ?? 'The change could not be made. Please try again.') : null;

  return (
    <Stack gap="md">
      <Text>{summary}</Text>
      {tagAction && (
        <MultiSelect
          label="Tags"
          required
          data={(tags.data?.results ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
          value={tagIds}
          onChange={setTagIds}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {action === 'set_department' && (
        <SelectField
          label="Department"
          required
          data={(departments.data?.results ?? []).map((department) => ({ value: department.id, label: department.name }))}
          value={departmentId}
          onChange={setDepartmentId}
        />
      )}
      <FormFooter
        submitting={bulk.isPending}
        onCancel={onCancel}
        label={action === 'invite' ? 'Send invitations' : 'Apply'}
        problem={problem}
        problemTitle="Nothing was changed"
        disabled={!ready}
        onSubmit={submit}
      />
    </Stack>
  );
}
