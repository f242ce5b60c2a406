// Who sees and writes which notice: audiences (a department's notice is not listed for
// another department), managers' reach (their own departments only), employees' (read and
// acknowledge), another company's notices (404 everywhere), and the allow-listed body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ownerSql } from '../../support/identity-fixtures';
import { addLeaveCompany, type LeaveCompany } from '../../support/leave-fixtures';
import { addLocation } from '../../support/people-fixtures';
import { addNotice, call, noticeBody, titlesOf } from '../../support/notices-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let acme: LeaveCompany;
let other: LeaveCompany;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  acme = await addLeaveCompany(t, { assignPolicy: false });
  other = await addLeaveCompany(t, { assignPolicy: false });
});
afterAll(async () => t.close());

const as = (person: Parameters<typeof call>[1]['person'], company = acme) => ({ company, person });

describe('audiences', () => {
  it('lists a notice for Office to Office people and the author, never to Operations', async () => {
    const id = await addNotice(t, as('owner'), {
      title: 'Office keys',
      audience: 'departments',
      department_ids: [acme.departments.Office!],
    });
    expect(titlesOf(await call(t, as('office'), 'GET', '/api/notices'))).toContain('Office keys');
    expect(titlesOf(await call(t, as('owner'), 'GET', '/api/notices'))).toContain('Office keys');
    expect(titlesOf(await call(t, as('employee'), 'GET', '/api/notices'))).not.toContain('Office keys');
    expect((await call(t, as('employee'), 'GET', `/api/notices/${id}`)).statusCode).toBe(404);
    expect((await call(t, as('employee'), 'POST', `/api/notices/${id}/read`, {})).statusCode).toBe(404);
    // The Operations manager sees it neither: it is not addressed to their department.
    expect(titlesOf(await call(t, as('manager'), 'GET', '/api/notices'))).not.toContain('Office keys');
  });

  it('lists everyone-notices to everyone, pinned first, and marks what the reader has not opened', async () => {
    await addNotice(t, as('hr'), { title: 'Plain news' });
    const pinned = await addNotice(t, as('hr'), { title: 'Pinned news', pinned: true });
    const res = await call(t, as('colleague'), 'GET', '/api/notices');
    const rows = (res.json() as { results: { id: string; pinned: boolean; read_at: string | null }[] }).results;
    expect(rows[0]?.pinned).toBe(true);
    expect(rows.find((row) => row.id === pinned)?.read_at).toBeNull();
    await call(t, as('colleague'), 'POST', `/api/notices/${pinned}/read`, {});
    const unread = titlesOf(await call(t, as('colleague'), 'GET', '/api/notices?unread=1'));
    expect(unread).toContain('Plain news');
    expect(unread).not.toContain('Pinned news');
    expect(titlesOf(await call(t, as('colleague'), 'GET', '/api/notices?search=plain'))).toEqual(['Plain news']);
  });

  it('addresses a location’s people only, and e-mails them when asked', async () => {
    const leeds = await addLocation(t, acme.companyId, 'Leeds');
    await ownerSql(t, sql`update users set location_id = ${leeds} where id = ${acme.people.colleague.id}`);
    const id = await addNotice(t, as('hr'), { title: 'Leeds parking', audience: 'locations', location_ids: [leeds], send_email: true });
    expect(titlesOf(await call(t, as('colleague'), 'GET', '/api/notices'))).toContain('Leeds parking');
    expect(titlesOf(await call(t, as('employee'), 'GET', '/api/notices'))).not.toContain('Leeds parking');
    const receipts = (await call(t, as('hr'), 'GET', `/api/notices/${id}/receipts`)).json();
    expect(receipts.results.map((r: { user: { id: string } }) => r.user.id)).toEqual([acme.people.colleague.id]);
    const mails = await ownerSql<{ to_address: string }>(t, sql`select * from outbox_email where subject = 'New notice: Leeds parking'`);
    expect(mails).toHaveLength(1);
  });
});

describe('who may write', () => {
  it('lets a manager address only the departments they manage', async () => {
    const own = await call(
      t,
      as('manager'),
      'POST',
      '/api/notices',
      noticeBody({ audience: 'departments', department_ids: [acme.departments.Operations!] }),
    );
    expect(own.statusCode).toBe(201);
    const elsewhere = await call(
      t,
      as('manager'),
      'POST',
      '/api/notices',
      noticeBody({ audience: 'departments', department_ids: [acme.departments.Office!] }),
    );
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors.department_ids).toEqual(['You can address only the departments you manage.']);
    const everyone = await call(t, as('manager'), 'POST', '/api/notices', noticeBody());
    expect(everyone.statusCode).toBe(422);
    expect(everyone.json().errors.audience).toBeDefined();
  });

  it('refuses employees (403) and lets them neither see receipts nor edit', async () => {
    expect((await call(t, as('employee'), 'POST', '/api/notices', noticeBody())).statusCode).toBe(403);
    const id = await addNotice(t, as('owner'));
    expect((await call(t, as('employee'), 'GET', `/api/notices/${id}/receipts`)).statusCode).toBe(403);
    expect((await call(t, as('employee'), 'PUT', `/api/notices/${id}`, noticeBody())).statusCode).toBe(403);
    const manager = await call(
      t,
      as('otherManager'),
      'PUT',
      `/api/notices/${id}`,
      noticeBody({ audience: 'departments', department_ids: [acme.departments.Office!] }),
    );
    expect(manager.statusCode).toBe(403);
  });

  it('refuses a department or location of another company', async () => {
    const res = await call(
      t,
      as('owner'),
      'POST',
      '/api/notices',
      noticeBody({ audience: 'departments', department_ids: [other.departments.Office!] }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.department_ids).toEqual(['This is not a department of your company.']);
  });

  it('keeps only the allow-listed formatting of the body', async () => {
    const res = await call(
      t,
      as('owner'),
      'POST',
      '/api/notices',
      noticeBody({
        body: '<p onclick="x()">Hi <script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">link</a> <b>bold</b></p>',
      }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json().body as string;
    expect(body).not.toMatch(/script|onerror|onclick|javascript|<img/i);
    expect(body).toContain('<b>bold</b>');
    const empty = await call(t, as('owner'), 'POST', '/api/notices', noticeBody({ body: '<script>alert(1)</script>' }));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.body).toEqual(['Field is required.']);
  });
});

describe('another company', () => {
  it('answers 404 for every step on another company’s notice', async () => {
    const id = await addNotice(t, as('owner', other), { acknowledgement_required: true });
    for (const [method, url] of [
      ['GET', `/api/notices/${id}`],
      ['PUT', `/api/notices/${id}`],
      ['DELETE', `/api/notices/${id}`],
      ['POST', `/api/notices/${id}/read`],
      ['POST', `/api/notices/${id}/acknowledge`],
      ['GET', `/api/notices/${id}/receipts`],
      ['POST', `/api/notices/${id}/remind`],
    ] as const) {
      const res = await call(t, as('owner'), method, url, method === 'PUT' ? noticeBody() : method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(titlesOf(await call(t, as('owner'), 'GET', '/api/notices')).length).toBeGreaterThan(0);
    const ids = (await call(t, as('owner'), 'GET', '/api/notices?limit=100')).json().results.map((n: { id: string }) => n.id);
    expect(ids).not.toContain(id);
  });
});
