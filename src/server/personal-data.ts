// What a module declares about the personal data it holds (ServerModule.personalData): for
// each table with rows about people, which column names the person, the kind of record (for
// the retention schedule, src/shared/record-kinds.ts), whether it is special-category or
// criminal-offence data, which columns hold files, and what happens at the end of retention.
// The privacy module reads these to build a person's export, to run retention and to list the
// special-category register; a test fails when a table with a person column is declared by no
// module (docs/architecture.md, "Personal data").
import type { RecordKindKey } from '../shared/record-kinds';

/** A value written over a column when a row is anonymised; `{id}` in a string becomes the row's id. */
export type AnonymisedValue = string | number | boolean | null;

export type PersonalDataTable = {
  /** The table's name in the database. */
  table: string;
  /** What its rows are, as a reader of an export or the register says it ("Expense claims"). */
  label: string;
  /** The columns naming the person a row is about; a row is theirs when any of them is their id. */
  subject?: readonly string[];
  /** Or the row is theirs when its parent row is: the column holding the parent's id, and the parent table (declared with a subject). */
  via?: { column: string; parent: string };
  /** Columns naming someone else who acted on the row (approver, author, checker). Covered, kept as they are. */
  actors?: readonly string[];
  /** The retention schedule's kind of record. */
  kind: RecordKindKey;
  /** The date column a 'record' or 'tax-year' kind counts from (employment-end kinds count from the leaving date). */
  dateColumn?: string;
  /** Special-category data (health, ethnicity…) or criminal-offence data, listed in the register. */
  category?: {
    type: 'special' | 'criminal';
    /** The columns holding it. */
    columns: readonly string[];
    /** What it is, as the register says it. */
    what: string;
    /** The API endpoints that show it: the register lists each role's scope on them. */
    endpoints: readonly string[];
    /** The audit actions a read of it writes (empty when reads are not audited: the register says so). */
    readActions: readonly string[];
  };
  /** Columns holding file ids (files.id): the originals go into the person's export. */
  files?: readonly string[];
  /** At the end of retention: delete the row, keep it (the law needs the company's copy), or write these values over these columns. */
  erase: 'delete' | 'keep' | { anonymise: Readonly<Record<string, AnonymisedValue>> };
  /** false for housekeeping rows that say nothing about the person (a cached answer to a request): left out of exports. */
  inExport?: false;
};

export type PersonalDataDeclaration = {
  tables: readonly PersonalDataTable[];
};

/** Every table the modules declare, in the modules' order. */
export function collectPersonalData(modules: readonly { name: string; personalData?: PersonalDataDeclaration }[]) {
  return modules.flatMap((module) => (module.personalData?.tables ?? []).map((table) => ({ module: module.name, ...table })));
}

export type DeclaredTable = ReturnType<typeof collectPersonalData>[number];
