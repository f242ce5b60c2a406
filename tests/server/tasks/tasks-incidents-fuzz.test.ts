// Bodies of any shape (fast-check) to every task and incident write: never a 5xx, a refusal is a
// client error, and valid bodies with one field changed reach past validation.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedTasks } from '../../../src/modules/tasks/tasks.contract';
import type { IncidentDetail } from '../../../src/modules/incidents/incidents.contract';
import { startTaskHarness, type TaskHarness } from '../../support/tasks-fixtures';

let h: TaskHarness;
let taskId: string;
let incidentId: string;
let valid: Record<string, object>;

beforeAll(async () => {
  h = await startTaskHarness();
  const employee = h.company.people.employee.id;
  valid = {
    task: {
      title: 'Base',
      due_date: '2026-03-02',
      assignee: { kind: 'user', id: employee },
      recurrence: { frequency: 'weekly', weekdays: ['MO'] },
    },
    update: { title: 'Base', due_date: '2026-03-02', assignee_id: employee, reminder_days: [7] },
    bulk: { action: 'reassign', data: { ids: [], assignee_id: employee } },
    incident: {
      occurred_at: '2026-01-05T10:00:00Z',
      location: 'Base',
      person_kind: 'employee',
      person_user_id: employee,
      what_happened: 'Base',
    },
    report: { reference: 'R-1', reported_on: '2026-01-10' },
    template: { template_key: 'fire-drill' },
  };
  taskId = (await h.send('owner', 'POST', '/api/hs-task', valid.task)).json<CreatedTasks>().ids[0] ?? '';
  incidentId = (await h.send('owner', 'POST', '/api/incident-log', valid.incident)).json<IncidentDetail>().id;
  (valid.bulk as { data: { ids: string[] } }).data.ids = [taskId];
}, 60_000);
afterAll(async () => h.t.close());

const scalar = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    '\u0000',
    '',
    ' ',
    'a'.repeat(20_000),
    '2026-02-30',
    '2026-01-05',
    '25:00',
    'weekly',
    'MO',
    'user',
    'department',
    1e300,
    -1,
    2 ** 31,
  ),
);
const anyField = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), scalar, { maxKeys: 3 }));
const FIELDS = [
  'title',
  'description',
  'due_date',
  'due_time',
  'priority',
  'recurrence',
  'reminder_days',
  'assignee',
  'assignee_id',
  'checklist',
  'incident_id',
  'occurred_at',
  'location',
  'person_kind',
  'person_user_id',
  'person_name',
  'specified_injury',
  'incapacity_last_day',
  'absence_id',
  'reference',
  'reported_on',
  'template_key',
  'action',
  'data',
  'note',
  'done',
  'body',
];

type Target = { method: 'POST' | 'PUT'; url: () => string; base: string };
const TARGETS: Target[] = [
  { method: 'POST', url: () => '/api/hs-task', base: 'task' },
  { method: 'POST', url: () => '/api/hr-task', base: 'task' },
  { method: 'PUT', url: () => `/api/hs-task/${taskId}`, base: 'update' },
  { method: 'POST', url: () => '/api/hs-task/bulk', base: 'bulk' },
  { method: 'POST', url: () => '/api/hs-task/from-template', base: 'template' },
  { method: 'POST', url: () => `/api/hs-task/${taskId}/comments`, base: 'task' },
  { method: 'POST', url: () => '/api/incident-log', base: 'incident' },
  { method: 'PUT', url: () => `/api/incident-log/${incidentId}`, base: 'incident' },
  { method: 'POST', url: () => `/api/incident-log/${incidentId}/riddor-report`, base: 'report' },
];

describe('task and incident writes under fuzzing', () => {
  it('never answer 5xx', async () => {
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...TARGETS),
        fc.constantFrom<'owner' | 'manager' | 'employee'>('owner', 'manager', 'employee'),
        fc.oneof(fc.dictionary(fc.constantFrom(...FIELDS), anyField, { maxKeys: 6 }), fc.anything({ maxDepth: 2 })),
        fc.option(fc.tuple(fc.constantFrom(...FIELDS), anyField), { nil: undefined }),
        async (target, who, random, change) => {
          const value = change ? { ...valid[target.base], [change[0]]: change[1] } : random;
          const answer = await h.t.app.inject({
            method: target.method,
            url: target.url(),
            headers: { authorization: `Bearer ${await h.company.token(who)}`, 'content-type': 'application/json' },
            payload: JSON.stringify(value) ?? 'null',
          });
          expect(answer.statusCode, `${target.method} ${target.url()} ${answer.body}`).toBeLessThan(500);
          statuses.add(answer.statusCode);
        },
      ),
      { numRuns: 60 },
    );
    expect(statuses).toContain(422);
    expect([...statuses].some((status) => status < 300)).toBe(true);
  }, 60_000);
});
