// /hr-task/{id} and /hs-task/{id} (hr_task and hs_task notifications land here): the task, its
// checklist, completion with a note and a photo or file (sent by the outbox when offline; a
// refused one opens here again from the outbox, with its note, its file and the server's words;
// on a task done or closed meanwhile, what happened and the note, to copy),
// attachments, comments, reminders, and reopen or delete for those who may.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Skeleton.css';
import { Anchor, Button, Checkbox, Group, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { isApiError } from '../../../client/api/api-client';
import { ClosedCorrection, CorrectionNotice, KeptFile } from '../../../client/offline/correction-notice';
import { QUEUED_TOAST_MESSAGE } from '../../../client/offline/outbox-copy';
import { correctionErrors, correctionFiles, finishCorrection, useCorrection } from '../../../client/offline/outbox-correction';
import { usePageTitle } from '../../../client/shell/page-title';
import { showDangerToast, showSuccessToast } from '../../../client/shell/toasts';
import { ConfirmButton } from '../../../client/ui/confirm-dialog';
import { LoadError } from '../../../client/ui/load-error';
import { DATE_FORMATS, formatLondon } from '../../../shared/dates';
import { isQueuedResponse } from '../../../shared/sw-messages';
import { PRIORITY_LABELS, TASK_AREA_NAMES, TASK_ROUTES, type TaskArea, type TaskDetail } from '../tasks.contract';
import {
  attachFileMutationOptions,
  checklistMutationOptions,
  commentMutationOptions,
  completeTaskMutationOptions,
  deleteTaskMutationOptions,
  openTaskFile,
  refusalMessage,
  reopenTaskMutationOptions,
  taskPagePath,
  taskQueryOptions,
} from './tasks.api';
import { TaskFormModal } from './task-form-modal';
import { dueText, personName, TaskBadges } from './task-parts';
import { RecordSection as Section } from '../../../client/ui/record-section';
import { BackLink } from '../../../client/ui/back-link';

const when = (iso: string) => formatLondon(iso, DATE_FORMATS.dateTime);

function CompleteForm({ area, task }: { area: TaskArea; task: TaskDetail }) {
  const queryClient = useQueryClient();
  const complete = useMutation(completeTaskMutationOptions(queryClient, area));
  // Opened from the outbox to correct a refused completion: its note and evidence, and the server's words.
  const correction = useCorrection(taskPagePath(area, task.id));
  const [note, setNote] = useState(() => {
    const queued = correction?.body as { note?: unknown } | undefined;
    return typeof queued?.note === 'string' ? queued.note : (correction?.parts?.fields.note ?? '');
  });
  const [file, setFile] = useState<File | null>(() => correctionFiles(correction)[0] ?? null);
  const [kept, setKept] = useState(file !== null);
  const [noteError, setNoteError] = useState(() => correctionErrors(correction)?.note?.join(' '));
  const submit = () =>
    complete.mutate(
      { id: task.id, note, file, title: task.title },
      {
        onSuccess: (result) => {
          finishCorrection(correction);
          if (isQueuedResponse(result)) showSuccessToast({ title: 'Waiting to sync', message: QUEUED_TOAST_MESSAGE });
          else showSuccessToast({ message: result.next_task_id ? 'Done. The next one is on your list.' : 'Task completed.' });
          setNote('');
          setFile(null);
          setKept(false);
          setNoteError(undefined);
        },
        onError: (error) => {
          setNoteError(isApiError(error) ? error.fieldErrors?.note?.join(' ') : undefined);
          showDangerToast({ message: refusalMessage(error) ?? 'Error occurred' });
        },
      },
    );
  return (
    <Section title="Complete">
      <Stack gap="sm">
        <CorrectionNotice item={correction} what="completion" />
        <Textarea
          label="Note (optional)"
          value={note}
          onChange={(event) => {
            setNote(event.currentTarget.value);
            setNoteError(undefined);
          }}
          error={noteError}
          autosize
          minRows={2}
          maxLength={2000}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} component="label" htmlFor={`evidence-${task.id}`}>
            Photo or file as evidence (optional)
          </Text>
          <input
            id={`evidence-${task.id}`}
            type="file"
            accept="image/*,application/pdf"
            capture="environment"
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              setKept(false);
            }}
          />
          {kept && <KeptFile file={file} />}
        </Stack>
        <Group>
          <Button color="green" onClick={submit} loading={complete.isPending}>
            Mark as done
          </Button>
        </Group>
      </Stack>
    </Section>
  );
}

/** A refused completion opened from the outbox when the task can no longer be completed: what happened, and the note to copy. */
function ClosedCompletion({ area, task }: { area: TaskArea; task: TaskDetail }) {
  const correction = useCorrection(taskPagePath(area, task.id));
  const queued = correction?.body as { note?: unknown } | undefined;
  const note = typeof queued?.note === 'string' ? queued.note : (correction?.parts?.fields.note ?? '');
  const file = correctionFiles(correction)[0];
  const closed =
    task.status === 'done'
      ? `This task was completed${task.completed_by_name ? ` by ${task.completed_by_name}` : ''}${task.completed_at ? ` on ${when(task.completed_at)}` : ''} after you sent your completion.`
      : 'This task can no longer be completed by you.';
  return (
    <ClosedCorrection
      item={correction}
      what="completion"
      closed={closed}
      entries={[
        { label: 'Note', text: note },
        { label: 'Photo or file', text: file?.name ?? '' },
      ]}
    />
  );
}

function Body({ area, task }: { area: TaskArea; task: TaskDetail }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const tick = useMutation(checklistMutationOptions(queryClient, area));
  const comment = useMutation(commentMutationOptions(queryClient, area));
  const attach = useMutation(attachFileMutationOptions(queryClient, area));
  const reopen = useMutation(reopenTaskMutationOptions(queryClient, area));
  const remove = useMutation(deleteTaskMutationOptions(queryClient, area));
  const [commentText, setCommentText] = useState('');
  const [editing, setEditing] = useState(false);
  const evidence = task.files.filter((file) => file.kind === 'evidence');
  const attachments = task.files.filter((file) => file.kind === 'attachment');
  const open = (path: string) => void openTaskFile(path).catch(() => showDangerToast({ message: 'The file could not be opened.' }));

  return (
    <Stack gap="md">
      <Section title="Details">
        <Stack gap={6}>
          <TaskBadges task={task} />
          <Text size="sm">
            <b>For:</b> {personName(task.assignee)} · <b>Due:</b> {dueText(task)} · <b>Priority:</b> {PRIORITY_LABELS[task.priority]}
          </Text>
          {task.recurrence_text && (
            <Text size="sm">
              <b>Repeats:</b> {task.recurrence_text}
            </Text>
          )}
          {task.created_by_name && (
            <Text size="sm" c="dimmed">
              Set by {task.created_by_name}
            </Text>
          )}
          {task.description && <Text style={{ whiteSpace: 'pre-wrap' }}>{task.description}</Text>}
          {task.status === 'done' && (
            <Text size="sm" c="green.8">
              Done{task.completed_at ? ` on ${when(task.completed_at)}` : ''}
              {task.completed_by_name ? ` by ${task.completed_by_name}` : ''}
              {task.completion_note ? ` — “${task.completion_note}”` : ''}
            </Text>
          )}
          {evidence.map((file) => (
            <Anchor key={file.id} component="button" type="button" size="sm" onClick={() => open(file.download_path)}>
              Evidence: {file.name}
            </Anchor>
          ))}
          {task.next_task_id && (
            <Anchor
              size="sm"
              renderRoot={(props) => <Link {...props} to={TASK_ROUTES[area].detail} params={{ id: task.next_task_id ?? '' }} />}
            >
              Open the next occurrence
            </Anchor>
          )}
        </Stack>
      </Section>
      {task.checklist.length > 0 && (
        <Section title={`Checklist (${task.checklist_done}/${task.checklist_total})`}>
          <Stack gap="xs">
            {task.checklist.map((item) => (
              <Checkbox
                key={item.id}
                label={item.label}
                checked={item.done}
                disabled={!task.can_complete}
                onChange={(event) => tick.mutate({ id: task.id, itemId: item.id, done: event.currentTarget.checked })}
              />
            ))}
          </Stack>
        </Section>
      )}
      {task.can_complete ? <CompleteForm area={area} task={task} /> : <ClosedCompletion area={area} task={task} />}
      <Section title="Files">
        <Stack gap="xs">
          {attachments.length === 0 && (
            <Text size="sm" c="dimmed">
              No files attached.
            </Text>
          )}
          {attachments.map((file) => (
            <Anchor
              key={file.id}
              component="button"
              type="button"
              size="sm"
              onClick={() => open(file.download_path)}
              style={{ textAlign: 'left' }}
            >
              {file.name}
            </Anchor>
          ))}
          {task.status === 'open' && task.can_complete && (
            <input
              type="file"
              aria-label="Attach a file"
              onChange={(event) => {
                const chosen = event.currentTarget.files?.[0];
                if (chosen)
                  attach.mutate(
                    { id: task.id, file: chosen },
                    { onError: (error) => showDangerToast({ message: refusalMessage(error) ?? 'Error occurred' }) },
                  );
              }}
            />
          )}
        </Stack>
      </Section>
      <Section title="Comments">
        <Stack gap="sm">
          {task.comments.map((item) => (
            <Stack key={item.id} gap={0}>
              <Text size="xs" c="dimmed">
                {item.author_name ?? 'Someone'} · {when(item.created_at)}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {item.body}
              </Text>
            </Stack>
          ))}
          <Textarea
            label="Add a comment"
            value={commentText}
            onChange={(event) => setCommentText(event.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={2000}
          />
          <Group>
            <Button
              variant="default"
              disabled={commentText.trim() === ''}
              loading={comment.isPending}
              onClick={() => comment.mutate({ id: task.id, body: commentText }, { onSuccess: () => setCommentText('') })}
            >
              Post comment
            </Button>
          </Group>
        </Stack>
      </Section>
      {task.reminders.length > 0 && (
        <Section title="Reminders">
          <Stack gap={2}>
            {task.reminders.map((reminder) => (
              <Text key={`${reminder.kind}-${reminder.days_before}`} size="sm">
                {reminder.kind === 'overdue'
                  ? 'When overdue'
                  : `${reminder.days_before} ${reminder.days_before === 1 ? 'day' : 'days'} before`}{' '}
                — {when(reminder.due_at)}
                {reminder.sent_at ? ' (sent)' : ''}
              </Text>
            ))}
          </Stack>
        </Section>
      )}
      {task.can_edit && (
        <Group>
          <Button variant="default" onClick={() => setEditing(true)}>
            Edit
          </Button>
          {task.status === 'done' && (
            <Button variant="default" loading={reopen.isPending} onClick={() => reopen.mutate(task.id)}>
              Reopen
            </Button>
          )}
          <ConfirmButton
            color="red"
            variant="light"
            title="Delete this task?"
            message="The task, its checklist, comments and files are deleted for everyone."
            confirmLabel="Delete"
            onConfirm={async () => {
              await remove.mutateAsync(task.id);
              showSuccessToast({ message: 'Task deleted.' });
              await navigate({ to: TASK_ROUTES[area].list });
            }}
          >
            Delete
          </ConfirmButton>
        </Group>
      )}
      {editing && <TaskFormModal area={area} opened onClose={() => setEditing(false)} selfId={task.assignee.id} task={task} />}
    </Stack>
  );
}

export function TaskPage({ area, id }: { area: TaskArea; id: string }) {
  const task = useQuery(taskQueryOptions(area, id));
  usePageTitle(task.data?.title ?? TASK_AREA_NAMES[area]);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <BackLink to={TASK_ROUTES[area].list}>Back to the list</BackLink>
        <Title order={1}>{task.data?.title ?? TASK_AREA_NAMES[area]}</Title>
      </Stack>
      {task.isPending ? (
        <Skeleton h={200} radius="lg" aria-label="Loading the task" />
      ) : task.isError ? (
        <LoadError what="task" error={task.error} onRetry={() => void task.refetch()} notFound="This task was not found." forbidden />
      ) : (
        <Body area={area} task={task.data} />
      )}
    </Stack>
  );
}
