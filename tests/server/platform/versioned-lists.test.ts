// The directory, the rota week, documents and the expense approvals list are read through the
// company's data version (versioned-read.ts), like the team month: a repeat is a 304, and a
// write to what a list shows — through the API (a tag's or a folder's name, a new shift), or by
// hand announcing nothing (the tables' version triggers, migration 0058) — gives the next read a
// new ETag and the changed body at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectoryPage } from '../../../src/modules/employees/directory.contract';
import type { RotaGrid } from '../../../src/modules/rotas/rotas.contract';
import { DEMO_PASSWORD, seedDemo } from '../../../src/app/server/seed';
import { materialiseDocumentsDemo } from '../../../src/modules/documents/server/documents-demo';
import { addDays, londonDate, startOfWeek } from '../../../src/shared/dates';
import { sql } from 'kysely';
import { bearer, ownerSql } from '../../support/identity-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
const headers: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  await seedDemo(t.database.ownerDb);
  // The demo's documents are made once file storage exists (at a server's start).
  await materialiseDocumentsDemo(t.deps.db, t.app.fileStorage, { info: () => undefined, error: () => undefined });
  for (const email of ['owner@demo.test', 'manager@demo.test']) {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: DEMO_PASSWORD } });
    headers[email] = bearer(res.json<{ auth_token: string }>().auth_token);
  }
});
afterAll(async () => t?.close());

const owner = () => headers['owner@demo.test']!;
const manager = () => headers['manager@demo.test']!;

async function get(url: string, who: Record<string, string>, etag?: string) {
  return t.app.inject({ method: 'GET', url, headers: { ...who, ...(etag ? { 'if-none-match': etag } : {}) } });
}

/** Reads `url` twice: the repeat with the first ETag is an empty 304. Returns the first answer. */
async function readSettled(url: string, who: Record<string, string>) {
  const first = await get(url, who);
  expect(first.statusCode).toBe(200);
  const etag = first.headers.etag as string;
  expect(etag).toMatch(/^W\/".+"$/);
  const repeat = await get(url, who, etag);
  expect(repeat.statusCode).toBe(304);
  expect(repeat.body).toBe('');
  return { etag, body: first };
}

describe('lists read through the data version', () => {
  it("the directory: renaming a tag (a write to user_tags alone) shows on the next read's people", async () => {
    const url = '/api/user-basic?limit=100';
    const before = await readSettled(url, owner());
    const tagged = before.body.json<DirectoryPage>().results.filter((person) => person.tags.some((tag) => tag.name === 'First aider'));
    expect(tagged.length).toBeGreaterThan(0);
    const tags = (await get('/api/user-tags?limit=100', owner())).json<{ results: { id: string; name: string; colour: string }[] }>();
    const firstAider = tags.results.find((tag) => tag.name === 'First aider')!;
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/user-tags/${firstAider.id}`,
      headers: owner(),
      payload: { name: 'First-aid lead', colour: firstAider.colour },
    });
    expect(renamed.statusCode).toBe(200);

    const after = await get(url, owner(), before.etag);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.etag);
    const people = after.json<DirectoryPage>().results.filter((person) => person.tags.some((tag) => tag.name === 'First-aid lead'));
    expect(people.map((person) => person.id).sort()).toEqual(tagged.map((person) => person.id).sort());
  });

  it("the rota week: a manager's new draft shift is on their grid at once", async () => {
    const monday = startOfWeek(londonDate(new Date()));
    const url = `/api/rota?from=${addDays(monday, 7)}&to=${addDays(monday, 13)}`;
    const before = await readSettled(url, manager());
    const grid = before.body.json<RotaGrid>();
    const operations = grid.shifts.find((shift) => shift.department_name === 'Operations')?.department_id;
    expect(operations).toBeDefined();
    const day = addDays(monday, 12);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/rota',
      headers: manager(),
      payload: {
        user_id: null,
        department_id: operations,
        start_at: `${day}T06:00:00.000Z`,
        end_at: `${day}T10:00:00.000Z`,
        break_minutes: 0,
        role: 'Versioned read check',
        override_reason: 'test',
      },
    });
    expect(made.statusCode).toBe(201);

    const after = await get(url, manager(), before.etag);
    expect(after.statusCode).toBe(200);
    expect(after.json<RotaGrid>().shifts.map((shift) => shift.role)).toContain('Versioned read check');
  });

  it('HR documents: renaming a folder (a write to document_folders alone) shows on the next read', async () => {
    const url = '/api/document?area=hr';
    type Page = { results: { id: string; folder: { id: string; name: string } | null }[] };
    const before = await readSettled(url, owner());
    const filed = before.body.json<Page>().results.find((document) => document.folder !== null)!;
    const folder = filed.folder!;
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/document-folders/${folder.id}`,
      headers: owner(),
      payload: { name: `${folder.name} (renamed)` },
    });
    expect(renamed.statusCode).toBe(200);

    const after = await get(url, owner(), before.etag);
    expect(after.statusCode).toBe(200);
    expect(after.json<Page>().results.find((row) => row.id === filed.id)?.folder?.name).toBe(`${folder.name} (renamed)`);
  });

  it('expense claims waiting for the manager: one approved leaves the list at once', async () => {
    const url = '/api/user-expense?view=approve';
    type Page = { count: number; results: { id: string }[] };
    const before = await readSettled(url, manager());
    const waiting = before.body.json<Page>();
    expect(waiting.count).toBeGreaterThan(0);
    const first = waiting.results[0]!.id;
    const approved = await t.app.inject({ method: 'POST', url: `/api/user-expense/${first}/approve`, headers: manager(), payload: {} });
    expect(approved.statusCode).toBe(200);

    const after = await get(url, manager(), before.etag);
    expect(after.statusCode).toBe(200);
    expect(after.json<Page>().count).toBe(waiting.count - 1);
    expect(after.json<Page>().results.map((row) => row.id)).not.toContain(first);
  });

  it('a write by hand that announces nothing (a job, SQL) still changes the next read of each list', async () => {
    const directory = '/api/user-basic?limit=100';
    const monday = startOfWeek(londonDate(new Date()));
    const rota = `/api/rota?from=${addDays(monday, 7)}&to=${addDays(monday, 13)}`;
    const documents = '/api/document?area=hr';
    const before = {
      directory: await readSettled(directory, owner()),
      rota: await readSettled(rota, manager()),
      documents: await readSettled(documents, owner()),
    };
    const shift = before.rota.body.json<RotaGrid>().shifts[0]!;
    type Page = { results: { id: string; folder: { id: string; name: string } | null }[] };
    const folder = before.documents.body.json<Page>().results.find((document) => document.folder !== null)!.folder!;

    await ownerSql(t, sql`UPDATE user_tags SET name = 'Fire marshal (by hand)' WHERE name = 'Fire marshal'`);
    await ownerSql(t, sql`UPDATE rota_shifts SET role = 'Changed by hand' WHERE id = ${shift.id}`);
    await ownerSql(t, sql`UPDATE document_folders SET name = 'Folder changed by hand' WHERE id = ${folder.id}`);

    const people = await get(directory, owner(), before.directory.etag);
    expect(people.statusCode).toBe(200);
    expect(people.json<DirectoryPage>().results.some((person) => person.tags.some((tag) => tag.name === 'Fire marshal (by hand)'))).toBe(
      true,
    );
    const grid = await get(rota, manager(), before.rota.etag);
    expect(grid.statusCode).toBe(200);
    expect(grid.json<RotaGrid>().shifts.find((row) => row.id === shift.id)?.role).toBe('Changed by hand');
    const files = await get(documents, owner(), before.documents.etag);
    expect(files.statusCode).toBe(200);
    expect(files.json<Page>().results.some((row) => row.folder?.name === 'Folder changed by hand')).toBe(true);
  });
});
