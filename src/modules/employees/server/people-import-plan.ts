// The plan of an import, shared by the preview and the import itself: every row checked and
// matched against the company — someone new or an update (by work e-mail within the company),
// the department, location and job title it names (missing ones listed and, when chosen,
// created), the line manager (a colleague or another row of the file), the employment type
// and working pattern — with each row's problems in the forms' words.
import type * as v from 'valibot';
import type { Trx } from '../../../server/db/database';
import { EMAIL_TAKEN } from '../directory.contract';
import type { WeekHours } from '../employment-records.contract';
import {
  IMPORT_FIELDS,
  peopleImportMessages as M,
  type ImportField,
  type ImportPreview,
  type ImportRowPreview,
  type MissingItems,
  type PeopleImportInputSchema,
} from '../people-import.contract';
import { cellsOf, checkRow, type ImportedPerson, type RowErrors } from './people-import-rows';
import { findCompanyPeopleByEmail, findListNames, findPatternTemplates, type CompanyPerson } from './people-import.queries';

export type ImportBody = v.InferOutput<typeof PeopleImportInputSchema>;
export type ListKind = keyof MissingItems;

/** A row ready to write: the person, what they match, and the ids their names resolve to (null: to be created). */
export type PlannedRow = {
  person: ImportedPerson;
  existing: CompanyPerson | null;
  week: { hours: WeekHours; templateId: string | null } | null;
  contractTypeId: string | null;
  /** Lower-case e-mail of the manager: a colleague's id, or another row's e-mail. */
  manager: { id: string } | { email: string } | null;
};

export type ImportPlan = {
  preview: ImportPreview;
  rows: PlannedRow[];
  /** Names to create before the rows are written, as the file spells them. */
  toCreate: MissingItems;
  /** Lower-case name → id of the lists as they are. */
  lists: Record<ListKind, Map<string, string>>;
  errorCount: number;
};

const key = (name: string) => name.trim().toLowerCase();
const LIST_FIELD: Record<ListKind, 'department' | 'location' | 'job_title'> = {
  departments: 'department',
  locations: 'location',
  job_titles: 'job_title',
};
const MISSING_MESSAGE: Record<ListKind, string> = {
  departments: M.missingDepartment,
  locations: M.missingLocation,
  job_titles: M.missingJobTitle,
};

/** 422 for a mapping that cannot work at all: its length, a field twice, or no name or e-mail column. */
export function mappingProblems(body: ImportBody): Record<string, string[]> {
  if (body.mapping.length !== body.headers.length) return { mapping: [M.mappingLength] };
  const chosen = body.mapping.filter((field): field is ImportField => field !== null);
  if (new Set(chosen).size !== chosen.length) return { mapping: [M.fieldTwice] };
  if (!(['first_name', 'surname', 'email'] as const).every((field) => chosen.includes(field))) return { mapping: [M.needed] };
  return {};
}

/** The mapping as remembered: header key → field, '' for a column left out. */
export function rememberedMapping(body: ImportBody, headerKey: (header: string) => string): Record<string, string> {
  return Object.fromEntries(body.headers.map((header, index) => [headerKey(header), body.mapping[index] ?? '']));
}

export async function planImport(
  trx: Trx,
  input: { companyId: string; body: ImportBody; takenElsewhere: (emails: string[]) => Promise<Set<string>> },
): Promise<ImportPlan> {
  const { companyId, body } = input;
  const checked = body.rows.map((row, index) => checkRow(index + 2, cellsOf(row, body.mapping)));
  const emails = [...new Set(checked.map(({ person }) => person.email.toLowerCase()).filter(Boolean))];
  const managerEmails = [
    ...new Set(checked.flatMap(({ person }) => (person.line_manager_email ? [person.line_manager_email.toLowerCase()] : []))),
  ];
  const [people, elsewhere, departments, locations, positions, contractTypes, templates] = [
    await findCompanyPeopleByEmail(trx, { companyId, emails: [...new Set([...emails, ...managerEmails])] }),
    await input.takenElsewhere(emails),
    await findListNames(trx, { companyId, table: 'departments' }),
    await findListNames(trx, { companyId, table: 'company_locations' }),
    await findListNames(trx, { companyId, table: 'company_positions' }),
    await findListNames(trx, { companyId, table: 'contract_types' }),
    await findPatternTemplates(trx, companyId),
  ];
  const lists: Record<ListKind, Map<string, string>> = { departments, locations, job_titles: positions };
  const byEmail = new Map(people.map((person) => [person.email.toLowerCase(), person]));

  // Names the file uses that the lists lack, in the file's first spelling.
  const missing: Record<ListKind, Map<string, string>> = { departments: new Map(), locations: new Map(), job_titles: new Map() };
  for (const { person } of checked) {
    for (const kind of Object.keys(LIST_FIELD) as ListKind[]) {
      const name = person[LIST_FIELD[kind]];
      if (name && !lists[kind].has(key(name)) && !missing[kind].has(key(name))) missing[kind].set(key(name), name);
    }
  }
  const chosen = (kind: ListKind) =>
    new Set((body.create_all ? [...missing[kind].keys()] : body.create[kind].map(key)).filter((name) => missing[kind].has(name)));
  const creating: Record<ListKind, Set<string>> = {
    departments: chosen('departments'),
    locations: chosen('locations'),
    job_titles: chosen('job_titles'),
  };

  const lines = new Map<string, number[]>();
  for (const { person } of checked)
    if (person.email) lines.set(person.email.toLowerCase(), [...(lines.get(person.email.toLowerCase()) ?? []), person.line]);
  const rows: PlannedRow[] = [];
  const previews: ImportRowPreview[] = [];
  const counts = { new: 0, updated: 0, errors: 0, skipped: 0 };
  for (const { person, errors } of checked) {
    const email = person.email.toLowerCase();
    const add = (field: ImportField | 'row', message: string) => {
      if (!errors[field]) errors[field] = [message];
    };
    const existing = email ? (byEmail.get(email) ?? null) : null;
    if (email && (lines.get(email)?.length ?? 0) > 1) add('email', M.sameEmailInFile);
    if (email && !existing && elsewhere.has(email)) add('email', EMAIL_TAKEN);
    if (existing?.status === 'terminated') add('row', M.terminated);
    for (const kind of Object.keys(LIST_FIELD) as ListKind[]) {
      const name = person[LIST_FIELD[kind]];
      if (name && !lists[kind].has(key(name)) && !creating[kind].has(key(name))) add(LIST_FIELD[kind], MISSING_MESSAGE[kind]);
    }
    const contractTypeId = person.employment_type ? (contractTypes.get(key(person.employment_type)) ?? null) : null;
    if (person.employment_type && !contractTypeId) add('employment_type', M.unknownEmploymentType);
    let week: PlannedRow['week'] = null;
    if (person.week && 'hours' in person.week) week = { hours: person.week.hours, templateId: null };
    if (person.week && 'template' in person.week) {
      const template = templates.get(key(person.week.template));
      if (template) week = { hours: template.hours, templateId: template.id };
      else add('working_pattern', M.workingPattern);
    }
    let manager: PlannedRow['manager'] = null;
    const managerEmail = person.line_manager_email?.toLowerCase();
    if (managerEmail) {
      const colleague = byEmail.get(managerEmail);
      if (managerEmail === email) add('line_manager_email', M.managerSelf);
      else if (lines.has(managerEmail)) manager = { email: managerEmail };
      else if (colleague && colleague.status !== 'terminated') manager = { id: colleague.id };
      else add('line_manager_email', M.managerUnknown);
    }
    const failed = Object.keys(errors).length > 0;
    const action = failed ? 'error' : existing ? 'update' : 'new';
    if (failed) counts.errors += 1;
    else if (existing) counts.updated += 1;
    else counts.new += 1;
    previews.push({
      line: person.line,
      name: [person.first_name, person.surname].filter(Boolean).join(' '),
      email: person.email,
      action,
      errors: orderErrors(errors),
    });
    rows.push({ person, existing, week, contractTypeId, manager });
  }
  const toCreate: MissingItems = { departments: [], locations: [], job_titles: [] };
  for (const kind of Object.keys(LIST_FIELD) as ListKind[]) {
    for (const [name, spelling] of missing[kind]) if (creating[kind].has(name)) toCreate[kind].push(spelling);
  }
  return {
    preview: {
      rows: previews,
      counts,
      missing: {
        departments: [...missing.departments.values()],
        locations: [...missing.locations.values()],
        job_titles: [...missing.job_titles.values()],
      },
    },
    rows,
    toCreate,
    lists,
    errorCount: counts.errors,
  };
}

/** The row's errors in the order of the fields. */
function orderErrors(errors: RowErrors): RowErrors {
  const ordered: RowErrors = {};
  if (errors.row) ordered.row = errors.row;
  for (const field of IMPORT_FIELDS) if (errors[field]) ordered[field] = errors[field];
  return ordered;
}
