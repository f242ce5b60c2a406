// Every table with a person column is declared by some module (ServerModule.personalData), and
// every declaration names tables and columns that exist. A person column, by the rule in
// docs/architecture.md ("Personal data"): in a base table of the public schema, a column with a
// foreign key to users(id), or a uuid column named user_id, actor_id, author_id,
// impersonator_id, administrator_id, manager_id, recipient_ids, or ending in _user_id, _by or
// _by_id. A declaration covers a column by naming it among the table's subject or actors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personColumns, tableColumns } from '../../../src/modules/privacy/server/personal-rows.queries';
import { serverModules } from '../../../src/app/server/modules';
import { collectPersonalData } from '../../../src/server/personal-data';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.drop());

const declared = collectPersonalData(serverModules);

describe('personal data declarations', () => {
  it('cover every person column of every table', async () => {
    const columns = await personColumns(database.ownerDb);
    expect(columns.length).toBeGreaterThan(50);
    const covered = new Set(
      declared.flatMap((table) => [...(table.subject ?? []), ...(table.actors ?? [])].map((column) => `${table.table}.${column}`)),
    );
    const missing = columns.map(({ table, column }) => `${table}.${column}`).filter((name) => !covered.has(name));
    expect(missing, 'declare these in the owning module’s server/<name>.personal-data.ts').toEqual([]);
  });

  it('name only tables and columns that exist, each table once', async () => {
    const existing = await tableColumns(database.ownerDb);
    const problems: string[] = [];
    for (const table of declared) {
      const has = existing.get(table.table);
      if (!has) {
        problems.push(`${table.module}: no table ${table.table}`);
        continue;
      }
      const named = [
        ...(table.subject ?? []),
        ...(table.actors ?? []),
        ...(table.files ?? []),
        ...(table.category?.columns ?? []),
        ...(table.via ? [table.via.column] : []),
        ...(table.dateColumn ? [table.dateColumn] : []),
        ...(typeof table.erase === 'object' ? Object.keys(table.erase.anonymise) : []),
      ];
      for (const column of named) if (!has.has(column)) problems.push(`${table.module}: no column ${table.table}.${column}`);
      if (table.via && !declared.find((parent) => parent.table === table.via!.parent && parent.subject?.length)) {
        problems.push(`${table.module}: ${table.table}'s parent ${table.via.parent} is not declared with a subject`);
      }
    }
    const names = declared.map((table) => table.table);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('is part of every module’s registration', () => {
    expect(serverModules.filter((module) => !module.personalData).map((module) => module.name)).toEqual([]);
  });

  it('gives every record-date or tax-year kind a date to count from', async () => {
    const { RECORD_KINDS } = await import('../../../src/shared/record-kinds');
    const undated = declared.filter(
      (table) =>
        table.erase !== 'keep' && table.subject?.length && RECORD_KINDS[table.kind].basis !== 'employment-end' && !table.dateColumn,
    );
    expect(undated.map((table) => table.table)).toEqual([]);
  });
});
