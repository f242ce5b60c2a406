// Reading absences: the list in the caller's scope with its filters (needApproval,
// show_relevant_to_me, dates, people), paging and count; the detail, out of reach a 403 and
// across companies a 404; medical detail only past the special-category gate, audited.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AbsenceDetail, AbsenceList } from '../../../src/modules/leave/absences.contract';
import { ownerSql } from '../../support/identity-fixtures';
import { addLeaveCompany, type LeavePerson } from '../../support/leave-fixtures';
import { harnessFor, startHarness, type Harness } from '../../support/leave-harness';

let h: Harness;
const ids: Record<string, string> = {};
beforeAll(async () => {
  h = await startHarness();
  ids.employee = (await h.book('employee', { start_date: '2029-03-05', end_date: '2029-03-06' })).id;
  ids.colleague = (await h.book('colleague', { start_date: '2029-03-07', end_date: '2029-03-07' })).id;
  ids.office = (await h.book('office', { start_date: '2029-04-10', end_date: '2029-04-10' })).id;
  ids.manager = (await h.book('manager', { start_date: '2029-05-08', end_date: '2029-05-08' })).id;
  ids.hr = (await h.book('hr', { start_date: '2029-06-05', end_date: '2029-06-05' })).id;
  ids.sick = (
    await h.book('employee', {
      leave_type_id: h.types.sickness,
      start_date: '2029-07-02',
      end_date: '2029-07-03',
      medical_detail: 'Back pain',
    })
  ).id;
});
afterAll(async () => h.t.close());

async function list(who: LeavePerson, query = ''): Promise<AbsenceList> {
  const res = await h.send(who, 'GET', `/api/user-absence${query}`);
  expect(res.statusCode).toBe(200);
  return res.json<AbsenceList>();
}
const idsOf = (page: AbsenceList) => page.results.map((row) => row.id).sort();
const sorted = (...keys: string[]) => keys.map((key) => ids[key]).sort();

describe('the list', () => {
  it('keeps to each caller’s scope', async () => {
    expect(idsOf(await list('employee'))).toEqual(sorted('employee', 'sick'));
    expect(idsOf(await list('manager'))).toEqual(sorted('employee', 'colleague', 'manager', 'sick'));
    expect(idsOf(await list('otherManager'))).toEqual(sorted('office'));
    expect((await list('owner')).count).toBe(6);
  });

  it('filters needApproval and what the caller may approve, never their own', async () => {
    expect(idsOf(await list('manager', '?status=needApproval'))).toEqual(sorted('employee', 'colleague', 'manager'));
    expect(idsOf(await list('manager', '?status=needApproval&show_relevant_to_me=1'))).toEqual(sorted('employee', 'colleague'));
    expect(idsOf(await list('hr', '?status=needApproval&show_relevant_to_me=1'))).toEqual(
      sorted('employee', 'colleague', 'office', 'manager'),
    );
    expect(idsOf(await list('owner', '?status=approved'))).toEqual(sorted('sick'));
  });

  it('says per row what the caller may do', async () => {
    const rows = (await list('manager', '?sort=start_date')).results;
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(ids.employee!)).toMatchObject({ can_approve: true, can_cancel: true, return_to_work_id: null });
    expect(byId.get(ids.manager!)).toMatchObject({ can_approve: false, can_cancel: true });
    expect(rows.map((row) => row.start_date)).toEqual([...rows.map((row) => row.start_date)].sort());
  });

  it('filters by dates, person and search, and pages with the count of all', async () => {
    expect(idsOf(await list('owner', '?from=2029-03-06&to=2029-04-30'))).toEqual(sorted('employee', 'colleague', 'office'));
    expect(idsOf(await list('owner', `?user_id=${h.company.people.office.id}`))).toEqual(sorted('office'));
    expect(idsOf(await list('owner', '?search=colin'))).toEqual(sorted('colleague'));
    expect(idsOf(await list('owner', `?department_id=${h.company.departments.Office}`))).toEqual(sorted('office'));
    const page = await list('owner', '?sort=start_date&limit=2&offset=2');
    expect(page.count).toBe(6);
    expect(page.next_offset).toBe(4);
    expect(page.results.map((row) => row.id)).toEqual([ids.office, ids.manager]);
    expect((await h.send('owner', 'GET', '/api/user-absence?status=nonsense')).statusCode).toBe(422);
  });

  it('shows another company nothing', async () => {
    const other = await harnessFor(h.t, await addLeaveCompany(h.t));
    const page = await other.send('owner', 'GET', '/api/user-absence');
    expect(page.json<AbsenceList>().count).toBe(0);
  });
});

describe('the detail', () => {
  it('is a 403 out of reach and a 404 across companies', async () => {
    expect((await h.send('employee', 'GET', `/api/user-absence/${ids.colleague}`)).statusCode).toBe(403);
    expect((await h.send('otherManager', 'GET', `/api/user-absence/${ids.employee}`)).statusCode).toBe(403);
    expect((await h.send('manager', 'GET', `/api/user-absence/${ids.employee}`)).statusCode).toBe(200);
    const other = await harnessFor(h.t, await addLeaveCompany(h.t));
    expect((await other.send('owner', 'GET', `/api/user-absence/${ids.employee}`)).statusCode).toBe(404);
    expect((await h.send('owner', 'GET', '/api/user-absence/nope')).statusCode).toBe(404);
  });

  it('leaves the medical detail out for a manager (the key is absent) and shows it, audited, to HR and the person', async () => {
    const audits = () =>
      ownerSql<{ actor_id: string }>(
        h.t,
        sql`select actor_id from audit_log where action = 'user_absence_medical.read' and company_id = ${h.company.companyId} order by id`,
      );
    const asManager = await h.send('manager', 'GET', `/api/user-absence/${ids.sick}`);
    expect(asManager.json<AbsenceDetail>()).not.toHaveProperty('medical_detail');
    expect(asManager.body).not.toContain('Back pain');
    // Only the person's own report so far (its answer showed the detail back to them).
    const before = await audits();
    expect(before.map((row) => row.actor_id)).toEqual([h.company.people.employee.id]);

    const asHr = await h.send('hr', 'GET', `/api/user-absence/${ids.sick}`);
    expect(asHr.json<AbsenceDetail>().medical_detail).toBe('Back pain');
    const asPerson = await h.send('employee', 'GET', `/api/user-absence/${ids.sick}`);
    expect(asPerson.json<AbsenceDetail>().medical_detail).toBe('Back pain');
    expect((await audits()).slice(1).map((row) => row.actor_id)).toEqual([h.company.people.hr.id, h.company.people.employee.id]);

    // Nor does any list carry it.
    expect((await h.send('owner', 'GET', '/api/user-absence')).body).not.toContain('Back pain');
  });
});
