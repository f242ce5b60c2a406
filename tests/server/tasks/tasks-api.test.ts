// HR and H&S tasks through the API: who may give whom a task, what each role's lists show (a
// manager their department only), another company's task is a 404, docs-only users see no
// tasks, completing a recurring task makes the next one (once, its checklist fresh), a
// completion with a photo sent twice with one Idempotency-Key lands once, the template library
// adds a task in one click, and the pending count counts what is due.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedTasks, TaskDetail, TaskList } from '../../../src/modules/tasks/tasks.contract';
import { addDays, londonDate } from '../../../src/shared/dates';
import { bearer, ownerSql } from '../../support/identity-fixtures';
import { addLeaveCompany } from '../../support/leave-fixtures';
import { startTaskHarness, taskFor, type TaskHarness } from '../../support/tasks-fixtures';
import { multipartBody, pngImage } from '../../support/upload-fixtures';

let h: TaskHarness;
const today = londonDate(new Date());
const people = () => h.company.people;

async function create(who: Parameters<TaskHarness['send']>[0], body: object, area = 'hs-task'): Promise<string> {
  const res = await h.send(who, 'POST', `/api/${area}`, body);
  if (res.statusCode !== 201) throw new Error(`create refused: ${res.statusCode} ${res.body}`);
  return res.json<CreatedTasks>().ids[0] ?? '';
}

beforeAll(async () => {
  h = await startTaskHarness();
}, 60_000);
afterAll(async () => h.t.close());

describe('giving tasks', () => {
  it('lets a manager give their department’s people a task, not another department’s', async () => {
    expect((await h.send('manager', 'POST', '/api/hs-task', taskFor(people().employee.id, today))).statusCode).toBe(201);
    expect((await h.send('manager', 'POST', '/api/hs-task', taskFor(people().office.id, today))).statusCode).toBe(403);
    expect((await h.send('employee', 'POST', '/api/hs-task', taskFor(people().colleague.id, today))).statusCode).toBe(403);
    expect((await h.send('employee', 'POST', '/api/hs-task', taskFor(people().employee.id, today))).statusCode).toBe(201);
  });

  it('makes one task each for everyone in a department the caller reaches, and tells them', async () => {
    const res = await h.send('owner', 'POST', '/api/hr-task', {
      title: 'Read the new handbook',
      due_date: addDays(today, 5),
      assignee: { kind: 'department', id: h.company.departments.Operations },
      checklist: ['Read it', 'Sign it'],
    });
    expect(res.statusCode).toBe(201);
    const { ids } = res.json<CreatedTasks>();
    const rows = await ownerSql<{ assignee_id: string }>(h.t, sql`select assignee_id from tasks where id = any(${ids}::uuid[])`);
    expect(new Set(rows.map((row) => row.assignee_id))).toEqual(
      new Set([people().manager.id, people().employee.id, people().colleague.id]),
    );
    const told = await ownerSql<{ n: number }>(
      h.t,
      sql`select count(*)::int as n from notifications where relates_to = 'hr_task' and relates_to_id = any(${ids}::text[])`,
    );
    expect(told[0]?.n).toBe(3);
  });

  it('answers bad input with field messages, never a 5xx', async () => {
    const res = await h.send('owner', 'POST', '/api/hs-task', { title: '', due_date: '2026-02-30', assignee: { kind: 'user', id: 'x' } });
    expect(res.statusCode).toBe(422);
    const errors = res.json<{ errors: Record<string, string[]> }>().errors;
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['title', 'due_date']));
    const weekly = await h.send(
      'owner',
      'POST',
      '/api/hs-task',
      taskFor(people().employee.id, today, { recurrence: { frequency: 'weekly', weekdays: [] } }),
    );
    expect(weekly.json<{ errors: Record<string, string[]> }>().errors['recurrence.weekdays']).toEqual([
      'Choose at least one day of the week.',
    ]);
  });
});

describe('reading tasks by scope', () => {
  let officeTask: string;
  let opsTask: string;
  beforeAll(async () => {
    officeTask = await create('owner', taskFor(people().office.id, today, { title: 'Office DSE assessment' }));
    opsTask = await create('owner', taskFor(people().colleague.id, today, { title: 'Operations ladder check' }));
  });

  it('shows a manager their department’s tasks only, an employee their own, the owner all', async () => {
    const titles = async (who: Parameters<TaskHarness['send']>[0]) =>
      (await h.send(who, 'GET', '/api/hs-task?view=managed&limit=100')).json<TaskList>().results.map((task) => task.title);
    expect(await titles('manager')).toContain('Operations ladder check');
    expect(await titles('manager')).not.toContain('Office DSE assessment');
    expect(await titles('otherManager')).toContain('Office DSE assessment');
    expect(await titles('otherManager')).not.toContain('Operations ladder check');
    expect(await titles('employee')).not.toContain('Operations ladder check');
    expect(await titles('owner')).toEqual(expect.arrayContaining(['Office DSE assessment', 'Operations ladder check']));
    expect((await h.send('manager', 'GET', `/api/hs-task/${officeTask}`)).statusCode).toBe(403);
    expect((await h.send('manager', 'GET', `/api/hs-task/${opsTask}`)).statusCode).toBe(200);
  });

  it('keeps the two areas apart', async () => {
    expect((await h.send('owner', 'GET', `/api/hr-task/${opsTask}`)).statusCode).toBe(404);
  });

  it('answers another company’s task with 404 and never lists it', async () => {
    const other = await addLeaveCompany(h.t);
    const token = await other.token('owner');
    const res = await h.t.app.inject({ method: 'GET', url: `/api/hs-task/${opsTask}`, headers: bearer(token) });
    expect(res.statusCode).toBe(404);
    const list = await h.t.app.inject({ method: 'GET', url: '/api/hs-task?limit=100', headers: bearer(token) });
    expect(list.body).not.toContain(opsTask);
    const complete = await h.t.app.inject({ method: 'POST', url: `/api/hs-task/${opsTask}/complete`, headers: bearer(token), payload: {} });
    expect(complete.statusCode).toBe(404);
  });

  it('refuses docs-only users every task list', async () => {
    const token = await h.docsOnlyToken();
    for (const url of ['/api/hr-task', '/api/hs-task', `/api/hs-task/${opsTask}`]) {
      expect((await h.t.app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode).toBe(403);
    }
  });

  it('filters by overdue, assignee and due range', async () => {
    const late = await create('owner', taskFor(people().office.id, addDays(today, -2), { title: 'Late fire drill' }));
    const overdue = (await h.send('owner', 'GET', '/api/hs-task?status[]=overdue&limit=100')).json<TaskList>().results;
    expect(overdue.map((task) => task.id)).toContain(late);
    expect(overdue.every((task) => task.overdue)).toBe(true);
    const ranged = (
      await h.send('owner', 'GET', `/api/hs-task?from=${addDays(today, -3)}&to=${addDays(today, -1)}&assignee_id[]=${people().office.id}`)
    ).json<TaskList>();
    expect(ranged.results.map((task) => task.id)).toEqual([late]);
  });
});

describe('completing', () => {
  it('makes the next occurrence of a weekly task once, with a fresh checklist', async () => {
    const id = await create(
      'manager',
      taskFor(people().employee.id, '2026-01-05', {
        title: 'Weekly fire alarm test',
        recurrence: { frequency: 'weekly', weekdays: ['MO', 'TH'] },
        checklist: ['Operate the call point'],
      }),
    );
    const first = await h.send('employee', 'GET', `/api/hs-task/${id}`);
    const item = first.json<TaskDetail>().checklist[0]!;
    expect(
      (await h.send('employee', 'PUT', `/api/hs-task/${id}/checklist/${item.id}`, { done: true })).json<TaskDetail>().checklist_done,
    ).toBe(1);
    const done = await h.send('employee', 'POST', `/api/hs-task/${id}/complete`, { note: 'Call point 2' });
    expect(done.statusCode).toBe(200);
    const detail = done.json<TaskDetail>();
    expect(detail.status).toBe('done');
    expect(detail.completion_note).toBe('Call point 2');
    const next = (await h.send('employee', 'GET', `/api/hs-task/${detail.next_task_id}`)).json<TaskDetail>();
    expect(next).toMatchObject({ status: 'open', due_date: '2026-01-08', recurring: true, checklist_done: 0, checklist_total: 1 });
    expect((await h.send('employee', 'POST', `/api/hs-task/${id}/complete`, {})).statusCode).toBe(409);
    const series = await ownerSql<{ n: number }>(h.t, sql`select count(*)::int as n from tasks where series_id = ${id}`);
    expect(series[0]?.n).toBe(2);
  });

  it('lands a completion with a photo once, however often the phone sends it', async () => {
    const id = await create('owner', taskFor(people().employee.id, today, { title: 'Photo the extinguisher tags' }));
    const body = multipartBody([
      { name: 'note', value: 'All tags in date' },
      { name: 'file', filename: 'tags.png', contentType: 'image/png', data: pngImage(8, 8) },
    ]);
    const key = crypto.randomUUID();
    const sendRaw = async () =>
      h.t.app.inject({
        method: 'POST',
        url: `/api/hs-task/${id}/complete`,
        headers: { ...bearer(await h.company.token('employee')), ...body.headers, 'idempotency-key': key },
        payload: body.payload,
      });
    const first = await sendRaw();
    const second = await sendRaw();
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const detail = first.json<TaskDetail>();
    expect(detail.files.filter((file) => file.kind === 'evidence')).toHaveLength(1);
    expect(detail.completion_note).toBe('All tags in date');
    const evidence = await ownerSql<{ n: number }>(h.t, sql`select count(*)::int as n from task_files where task_id = ${id}`);
    expect(evidence[0]?.n).toBe(1);
    const download = await h.send('employee', 'GET', detail.files[0]!.download_path);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('image/png');
  });

  it('bulk-completes and bulk-reassigns within the caller’s reach', async () => {
    const a = await create('manager', taskFor(people().employee.id, today, { title: 'Bulk A' }));
    const b = await create('manager', taskFor(people().employee.id, today, { title: 'Bulk B' }));
    const reassign = await h.send('manager', 'POST', '/api/hs-task/bulk', {
      action: 'reassign',
      data: { ids: [a, b], assignee_id: people().colleague.id },
    });
    expect(reassign.json()).toEqual({ action: 'reassign', updated: 2 });
    expect(
      (await h.send('manager', 'POST', '/api/hs-task/bulk', { action: 'reassign', data: { ids: [a], assignee_id: people().office.id } }))
        .statusCode,
    ).toBe(403);
    const complete = await h.send('manager', 'POST', '/api/hs-task/bulk', { action: 'complete', data: { ids: [a, b] } });
    expect(complete.json()).toEqual({ action: 'complete', updated: 2 });
  });
});

describe('templates and the pending count', () => {
  it('adds a template in one click with its defaults, for the caller', async () => {
    const templates = (await h.send('owner', 'GET', '/api/hs-task/templates'))
      .json<{ results: { key: string }[] }>()
      .results.map((t) => t.key);
    expect(templates).toEqual(
      expect.arrayContaining(['fire-alarm-test', 'fire-drill', 'emergency-lighting', 'first-aid-kit', 'legionella']),
    );
    const res = await h.send('owner', 'POST', '/api/hs-task/from-template', { template_key: 'fire-alarm-test' });
    expect(res.statusCode).toBe(201);
    const detail = (await h.send('owner', 'GET', `/api/hs-task/${res.json<CreatedTasks>().ids[0]}`)).json<TaskDetail>();
    expect(detail).toMatchObject({ title: 'Weekly fire alarm test', recurring: true, recurrence_text: 'Every week on Monday' });
    expect(detail.checklist.length).toBeGreaterThan(2);
    expect((await h.send('owner', 'POST', '/api/hs-task/from-template', { template_key: 'appraisal' })).statusCode).toBe(422);
  });

  it('counts the caller’s open tasks due today or overdue', async () => {
    const before = (await h.send('office', 'GET', '/api/pending-count')).json<{ hs_task: number; hr_task: number }>();
    await create('owner', taskFor(people().office.id, addDays(today, -1)));
    await create('owner', taskFor(people().office.id, addDays(today, 10)));
    const after = (await h.send('office', 'GET', '/api/pending-count')).json<{ hs_task: number; hr_task: number }>();
    expect(after.hs_task).toBe(before.hs_task + 1);
    expect(after.hr_task).toBe(before.hr_task);
  });
});
