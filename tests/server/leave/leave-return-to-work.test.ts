// Return to work: items made when a sickness absence is over (self-certification up
// to 7 calendar days, a fit note beyond), the person's steps, the reviewer's close, the
// special-category answers and the user_absence_rtw badge.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leavePaths } from '../../../src/modules/leave/leave.contract';
import { type ReturnToWorkItem } from '../../../src/modules/leave/return-to-work.contract';
import { createDueReturnToWorkItems } from '../../../src/modules/leave/server/return-to-work-job';
import { bearer, ownerSql } from '../../support/identity-fixtures';
import { addLeaveCompany, leaveTypeId, type LeaveCompany, type LeavePerson } from '../../support/leave-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';
import { multipartBody, pdfDocument } from '../../support/upload-fixtures';

let t: TestApp;
let acme: LeaveCompany;
let other: LeaveCompany;
const NOW = new Date('2026-03-20T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  acme = await addLeaveCompany(t, { name: 'Acme' });
  other = await addLeaveCompany(t, { name: 'Other' });
  await setSwitch(acme, true);
  await setSwitch(other, true);
});
afterAll(async () => t.close());

async function setSwitch(company: LeaveCompany, on: boolean) {
  await ownerSql(
    t,
    sql`insert into company_settings (company_id, return_to_work_enabled) values (${company.companyId}, ${on})
        on conflict (company_id) do update set return_to_work_enabled = excluded.return_to_work_enabled`,
  );
}

async function addSickness(company: LeaveCompany, person: LeavePerson, start: string, end: string | null, status = 'approved') {
  const typeId = await leaveTypeId(t, company.companyId, 'sickness');
  const [row] = await ownerSql<{ id: string }>(
    t,
    sql`insert into user_absences (company_id, user_id, leave_type_id, start_date, end_date, duration_type, status, sickness_category)
        values (${company.companyId}, ${company.people[person].id}, ${typeId}, ${start}, ${end}, 'days', ${status}, 'cold_flu') returning id`,
  );
  return row!.id;
}

async function itemFor(absenceId: string) {
  const [row] = await ownerSql<{ id: string; kind: string; status: string }>(
    t,
    sql`select id, kind, status from return_to_work_items where absence_id = ${absenceId}`,
  );
  return row;
}

async function call(company: LeaveCompany, person: LeavePerson, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: bearer(await company.token(person)),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const answers = {
  reason_category: 'cold_flu',
  description: 'A heavy cold with a temperature.',
  first_day_of_sickness: '2026-03-02',
  last_day_of_sickness: '2026-03-04',
  consulted_doctor: false,
  injury_at_work: false,
  declaration: true,
};

async function pendingRtw(company: LeaveCompany, person: LeavePerson) {
  const res = await call(company, person, 'GET', '/api/pending-count');
  expect(res.statusCode).toBe(200);
  return res.json<{ user_absence_rtw: number }>().user_absence_rtw;
}

describe('creating items', () => {
  it('makes a self-certification for 3 days and a fit note for 9, once each, and only for approved sickness that has ended', async () => {
    const short = await addSickness(acme, 'employee', '2026-03-16', '2026-03-18');
    const long = await addSickness(acme, 'colleague', '2026-03-09', '2026-03-17');
    // Sickness that ended before the sweep's window is left alone (switching the feature on asks no one about the past).
    const old = await addSickness(acme, 'hr', '2026-02-02', '2026-02-04');
    const ongoing = await addSickness(acme, 'office', '2026-03-18', '2026-03-25');
    const pending = await addSickness(acme, 'office', '2026-03-16', '2026-03-17', 'pending');
    const first = await createDueReturnToWorkItems(t.database.db, NOW);
    expect(first.created).toBeGreaterThanOrEqual(2);
    expect(await itemFor(short)).toMatchObject({ kind: 'self_certification', status: 'awaiting_employee' });
    expect(await itemFor(long)).toMatchObject({ kind: 'fit_note', status: 'awaiting_employee' });
    expect(await itemFor(ongoing)).toBeUndefined();
    expect(await itemFor(pending)).toBeUndefined();
    expect(await itemFor(old)).toBeUndefined();
    expect((await createDueReturnToWorkItems(t.database.db, NOW)).created).toBe(0);
    const [count] = await ownerSql<{ n: number }>(
      t,
      sql`select count(*)::int as n from return_to_work_items where absence_id in (${short}, ${long})`,
    );
    expect(count!.n).toBe(2);
  });

  it('tells the person, as a to-do with an e-mail', async () => {
    const absence = await addSickness(acme, 'employee', '2026-03-12', '2026-03-13');
    await createDueReturnToWorkItems(t.database.db, NOW);
    const item = await itemFor(absence);
    const notes = await ownerSql<{ todo: boolean; relates_to: string }>(
      t,
      sql`select todo, relates_to from notifications where user_id = ${acme.people.employee.id} and relates_to_id = ${item!.id}`,
    );
    expect(notes).toEqual([{ todo: true, relates_to: 'return_to_work' }]);
    const mails = await ownerSql<{ n: number }>(
      t,
      sql`select count(*)::int as n from outbox_email where subject = 'Please complete your return to work'`,
    );
    expect(mails[0]!.n).toBeGreaterThan(0);
  });

  it('makes nothing while the company has the switch off', async () => {
    const company = await addLeaveCompany(t, { name: 'Switched off' });
    const absence = await addSickness(company, 'employee', '2026-03-16', '2026-03-18');
    await createDueReturnToWorkItems(t.database.db, NOW);
    expect(await itemFor(absence)).toBeUndefined();
    expect(await pendingRtw(company, 'employee')).toBe(0);
  });
});

describe('self-certification', () => {
  let itemId: string;
  beforeAll(async () => {
    const absence = await addSickness(acme, 'employee', '2026-03-09', '2026-03-11');
    await createDueReturnToWorkItems(t.database.db, NOW);
    itemId = (await itemFor(absence))!.id;
  });

  it('counts on the badge of the person until they complete it', async () => {
    const res = await call(acme, 'employee', 'GET', leavePaths.resource('return-to-work', itemId));
    expect(res.statusCode).toBe(200);
    expect(res.json<ReturnToWorkItem>()).toMatchObject({
      kind: 'self_certification',
      calendar_days: 3,
      can_complete: true,
      can_review: false,
    });
    expect(await pendingRtw(acme, 'employee')).toBeGreaterThanOrEqual(1);
  });

  it('needs the declaration (422) and is the person’s alone (manager 403)', async () => {
    const missing = await call(acme, 'employee', 'PUT', leavePaths.selfCertification(itemId), { ...answers, declaration: false });
    expect(missing.statusCode).toBe(422);
    expect(missing.json<{ errors: Record<string, string[]> }>().errors.declaration).toEqual(['Please confirm the declaration.']);
    expect((await call(acme, 'manager', 'PUT', leavePaths.selfCertification(itemId), answers)).statusCode).toBe(403);
    expect((await call(acme, 'hr', 'PUT', leavePaths.selfCertification(itemId), answers)).statusCode).toBe(403);
    expect((await call(other, 'owner', 'PUT', leavePaths.selfCertification(itemId), answers)).statusCode).toBe(404);
  });

  it('goes to review when the person completes it, then refuses a second time with 409', async () => {
    const before = await pendingRtw(acme, 'manager');
    const res = await call(acme, 'employee', 'PUT', leavePaths.selfCertification(itemId), answers);
    expect(res.statusCode).toBe(200);
    expect(res.json<ReturnToWorkItem>()).toMatchObject({ status: 'awaiting_review', answers: { description: answers.description } });
    const again = await call(acme, 'employee', 'PUT', leavePaths.selfCertification(itemId), answers);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe('This return to work is not at that step.');
    // Marta is Ella's line manager: asked, and her badge rises.
    expect(await pendingRtw(acme, 'manager')).toBe(before + 1);
    const asked = await ownerSql<{ n: number }>(
      t,
      sql`select count(*)::int as n from notifications where user_id = ${acme.people.manager.id} and relates_to_id = ${itemId} and todo`,
    );
    expect(asked[0]!.n).toBe(1);
  });

  it('hides the answers from the manager and shows them to HR, audited', async () => {
    const manager = await call(acme, 'manager', 'GET', leavePaths.resource('return-to-work', itemId));
    expect(manager.statusCode).toBe(200);
    expect(manager.json<ReturnToWorkItem>().answers).toBeUndefined();
    expect(manager.json<ReturnToWorkItem>().can_review).toBe(true);
    const list = await call(acme, 'manager', 'GET', '/api/return-to-work?status=awaiting_review');
    expect(list.json<{ results: ReturnToWorkItem[] }>().results.every((item) => item.answers === undefined)).toBe(true);

    const hr = await call(acme, 'hr', 'GET', leavePaths.resource('return-to-work', itemId));
    expect(hr.json<ReturnToWorkItem>().answers).toMatchObject({ description: answers.description, declaration: true });
    const audits = await ownerSql<{ actor_id: string }>(
      t,
      sql`select actor_id from audit_log where action = 'return_to_work.answers_read' and details->>'return_to_work_id' = ${itemId}`,
    );
    expect(audits.map((row) => row.actor_id)).toContain(acme.people.hr.id);
    expect(audits.map((row) => row.actor_id)).not.toContain(acme.people.manager.id);
  });

  it('is closed by an approver only: another department’s manager 403, the line manager 200', async () => {
    expect((await call(acme, 'otherManager', 'PUT', leavePaths.review(itemId), { note: 'x' })).statusCode).toBe(403);
    expect((await call(acme, 'employee', 'PUT', leavePaths.review(itemId), { note: 'x' })).statusCode).toBe(403);
    const res = await call(acme, 'manager', 'PUT', leavePaths.review(itemId), { note: 'Welcome back.' });
    expect(res.statusCode).toBe(200);
    expect(res.json<ReturnToWorkItem>()).toMatchObject({
      status: 'closed',
      review_note: 'Welcome back.',
      reviewed_by_name: 'Marta Manning',
    });
    expect((await call(acme, 'manager', 'PUT', leavePaths.review(itemId), {})).statusCode).toBe(409);
  });
});

describe('fit notes', () => {
  let itemId: string;
  beforeAll(async () => {
    const absence = await addSickness(acme, 'colleague', '2026-02-24', '2026-03-06');
    await createDueReturnToWorkItems(t.database.db, NOW);
    itemId = (await itemFor(absence))!.id;
  });

  const upload = async (person: LeavePerson, filename: string, data: Buffer) => {
    const { payload, headers } = multipartBody([{ name: 'file', filename, data }]);
    return t.app.inject({
      method: 'POST',
      url: leavePaths.fitNote(itemId),
      payload,
      headers: { ...headers, ...bearer(await acme.token(person)) },
    });
  };

  it('refuses a self-certification for a fit-note item with 409', async () => {
    expect((await call(acme, 'colleague', 'PUT', leavePaths.selfCertification(itemId), answers)).statusCode).toBe(409);
  });

  it('refuses a text file with 422 and the manager with 403', async () => {
    const text = await upload('colleague', 'note.txt', Buffer.from('I was ill.\n'));
    expect(text.statusCode).toBe(422);
    expect(text.json<{ errors: Record<string, string[]> }>().errors.file).toEqual([
      'Upload the fit note as a PDF, JPEG, PNG or HEIC file.',
    ]);
    expect((await upload('manager', 'fit-note.pdf', pdfDocument())).statusCode).toBe(403);
  });

  it('accepts a PDF from the person; HR downloads it, the manager may not', async () => {
    const res = await upload('colleague', 'fit-note.pdf', pdfDocument());
    expect(res.statusCode).toBe(201);
    const item = res.json<ReturnToWorkItem>();
    expect(item.status).toBe('awaiting_review');
    expect(item.fit_note_file).toMatchObject({ name: 'fit-note.pdf', download_path: leavePaths.fitNote(itemId) });
    const hr = await call(acme, 'hr', 'GET', leavePaths.fitNote(itemId));
    expect(hr.statusCode).toBe(200);
    expect(hr.headers['content-type']).toContain('application/pdf');
    expect((await call(acme, 'manager', 'GET', leavePaths.fitNote(itemId))).statusCode).toBe(403);
    expect((await call(acme, 'colleague', 'GET', leavePaths.fitNote(itemId))).statusCode).toBe(200);
  });
});

describe('lists and the badge', () => {
  it('keeps each caller to their scope and show_relevant_to_me to what waits for them', async () => {
    const mine = await call(acme, 'employee', 'GET', '/api/return-to-work');
    expect(mine.statusCode).toBe(200);
    const own = mine.json<{ results: ReturnToWorkItem[] }>().results;
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((item) => item.user.id === acme.people.employee.id)).toBe(true);

    const office = await call(acme, 'otherManager', 'GET', '/api/return-to-work');
    expect(office.json<{ results: ReturnToWorkItem[] }>().results.every((item) => item.user.department_name === 'Office')).toBe(true);

    const relevant = await call(acme, 'employee', 'GET', '/api/return-to-work?show_relevant_to_me=1');
    const waiting = relevant.json<{ results: ReturnToWorkItem[]; count: number }>();
    expect(waiting.results.every((item) => item.status === 'awaiting_employee' && item.can_complete)).toBe(true);
    expect(waiting.count).toBe(await pendingRtw(acme, 'employee'));

    const foreign = await call(other, 'owner', 'GET', '/api/return-to-work');
    expect(foreign.json<{ count: number }>().count).toBe(0);
  });

  it('counts nothing once the switch is turned off', async () => {
    expect(await pendingRtw(acme, 'employee')).toBeGreaterThan(0);
    await setSwitch(acme, false);
    expect(await pendingRtw(acme, 'employee')).toBe(0);
    await setSwitch(acme, true);
  });
});
