// A task's completion the server refused after it waited in the outbox, opened again from the
// outbox's "Correct": the task's page holds the queued note with the server's message on it and
// keeps the queued photo, and the corrected completion goes with that photo in place of the refused one.
// A task done meanwhile shows no form: what happened, and the note to copy.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { CORRECTION_TITLE } from '../../../client/offline/correction-notice';
import { startCorrection } from '../../../client/offline/outbox-correction';
import { controllingServiceWorker, outboxSummary, removeServiceWorker } from '../../../client/offline/outbox-test-support';
import { mockApi, renderWithApp } from '../../../client/ui/test-render';
import { SW_MESSAGE, type SwMessage } from '../../../shared/sw-messages';
import { TASK_RESOURCES, taskPaths, type TaskDetail } from '../tasks.contract';
import { TaskPage } from './task-page';
import { taskPagePath } from './tasks.api';

const server = mockApi();
const TASK_ID = '3d1f6c2a-8b4e-4f0a-9c7d-5e6f7a8b9c0d';
const NOTE_MESSAGE = 'Say which extinguishers were checked.';
let posted: SwMessage[];
let sent: { note: FormDataEntryValue | null; file: boolean }[];

const task: TaskDetail = {
  id: TASK_ID,
  area: 'hs',
  title: 'Check the fire extinguishers',
  assignee: { id: 'u1', first_name: 'Ella', surname: 'Brown' },
  due_date: '2026-11-27',
  due_time: null,
  priority: 'normal' as TaskDetail['priority'],
  status: 'open' as TaskDetail['status'],
  overdue: false,
  recurring: false,
  checklist_total: 0,
  checklist_done: 0,
  completed_at: null,
  incident_id: null,
  description: null,
  recurrence: null,
  recurrence_text: null,
  reminder_days: [],
  remind_overdue: false,
  created_by_name: null,
  completed_by_name: null,
  completion_note: null,
  next_task_id: null,
  template_key: null,
  checklist: [],
  comments: [],
  files: [],
  reminders: [],
  can_edit: false,
  can_complete: true,
};

beforeEach(() => {
  posted = controllingServiceWorker();
  sent = [];
  server.use(
    http.get(`*${taskPaths.resource('hs', TASK_ID)}`, () => HttpResponse.json(task)),
    http.post(`*${taskPaths.action('hs', TASK_ID, 'complete')}`, async ({ request }) => {
      const form = await request.formData();
      const file = form.get('file');
      sent.push({ note: form.get('note'), file: file !== null && typeof file !== 'string' });
      return HttpResponse.json({ ...task, status: 'done' });
    }),
  );
});

afterEach(() => removeServiceWorker());

it('opens a refused completion with its note, the server’s message and its photo, and sends the correction in its place', async () => {
  startCorrection(
    outboxSummary({
      id: 'refused-task',
      resource: TASK_RESOURCES.hs,
      label: `Complete: ${task.title}`,
      url: taskPaths.action('hs', TASK_ID, 'complete'),
      state: 'needs_attention',
      form: taskPagePath('hs', TASK_ID),
      parts: { fields: { note: 'Done' }, files: [{ name: 'file', file: new File(['jpeg'], 'extinguishers.jpg', { type: 'image/jpeg' }) }] },
      error: { status: 422, message: NOTE_MESSAGE, fields: { note: [NOTE_MESSAGE] } },
    }),
  );
  renderWithApp(<TaskPage area="hs" id={TASK_ID} />);
  expect(await screen.findByText(CORRECTION_TITLE)).toBeInTheDocument();
  const note = screen.getByRole('textbox', { name: 'Note (optional)' });
  expect(note).toHaveValue('Done');
  expect(note).toHaveAccessibleDescription(NOTE_MESSAGE);
  expect(screen.getByText(/Kept from before: extinguishers\.jpg/)).toBeInTheDocument();

  fireEvent.change(note, { target: { value: 'All six on the ground floor checked and tagged' } });
  fireEvent.click(screen.getByRole('button', { name: 'Mark as done' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toEqual({ note: 'All six on the ground floor checked and tagged', file: true });
  await waitFor(() => expect(posted).toContainEqual({ type: SW_MESSAGE.discardOutboxItem, id: 'refused-task' }));
});

it('says a task was completed by someone else meanwhile, in place of the form, with the refused note to copy and a way out of the outbox', async () => {
  const writeText = vi.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  server.use(
    http.get(`*${taskPaths.resource('hs', TASK_ID)}`, () =>
      HttpResponse.json({
        ...task,
        status: 'done',
        can_complete: false,
        completed_at: '2026-11-27T08:10:00.000Z',
        completed_by_name: 'Sam Patel',
      }),
    ),
  );
  startCorrection(
    outboxSummary({
      id: 'refused-task',
      resource: TASK_RESOURCES.hs,
      label: `Complete: ${task.title}`,
      url: taskPaths.action('hs', TASK_ID, 'complete'),
      state: 'needs_attention',
      form: taskPagePath('hs', TASK_ID),
      parts: { fields: { note: 'Two on the first floor need refilling' }, files: [] },
      error: { status: 409, message: 'This task is already done.' },
    }),
  );
  renderWithApp(<TaskPage area="hs" id={TASK_ID} />);
  const notice = await screen.findByRole('status', { name: /Your completion could not be sent/ });
  expect(notice).toHaveTextContent(
    'This task was completed by Sam Patel on 27/11/2026 08:10 after you sent your completion. This task is already done.',
  );
  expect(within(notice).getByRole('definition')).toHaveTextContent('Two on the first floor need refilling');
  expect(screen.queryByRole('button', { name: 'Mark as done' })).not.toBeInTheDocument();

  fireEvent.click(within(notice).getByRole('button', { name: 'Copy what you wrote' }));
  await waitFor(() => expect(writeText).toHaveBeenCalledWith('Note: Two on the first floor need refilling'));
  fireEvent.click(within(notice).getByRole('button', { name: 'Remove it from the outbox' }));
  await waitFor(() => expect(posted).toContainEqual({ type: SW_MESSAGE.discardOutboxItem, id: 'refused-task' }));
  expect(screen.queryByRole('status', { name: /Your completion could not be sent/ })).not.toBeInTheDocument();
  Reflect.deleteProperty(navigator, 'clipboard');
});
