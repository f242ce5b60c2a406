// Templates: the company's own and the starter library, the merge of a person's record,
// the company and free fields, the preview PDF (POST /api/document-preview) and generating a
// document for the person, ready to sign.
import { createHash } from 'node:crypto';
import { withTenant, type Db, type Trx } from '../../../server/db/database';
import { requireCompany } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { formatCalendarDate, formatLondon } from '../../../shared/dates';
import { formatPounds } from '../../../shared/money';
import type { DocumentTemplate, GenerateInput, PreviewInput } from '../documents.contract';
import { mergeTemplate, signingPartiesOf } from '../documents.policy';
import { createDocumentFromFile, type DocumentsCaller } from './documents.service';
import { storeGeneratedFile } from './signing-view';
import { STARTER_TEMPLATES } from './starter-templates';
import {
  ensureStarterTemplates,
  findCompanyFacts,
  findPersonFacts,
  findTemplate,
  listTemplates,
  setSigningParties,
  type MergeFacts,
} from './templates.queries';

type TemplateRow = NonNullable<Awaited<ReturnType<typeof findTemplate>>>;

export const toTemplate = (row: TemplateRow): DocumentTemplate => ({
  id: row.id,
  area: row.area,
  name: row.name,
  body: row.body,
  free_fields: row.free_fields,
  starter: row.starter_key !== null,
  updated_at: row.updated_at.toISOString(),
});

export async function templatesOf(db: Db, input: { companyId: string; area?: 'hr' | 'hs' }): Promise<DocumentTemplate[]> {
  return withTenant(db, input.companyId, async (trx) => {
    await ensureStarterTemplates(trx, { companyId: input.companyId, starters: STARTER_TEMPLATES });
    return (await listTemplates(trx, input)).map(toTemplate);
  });
}

const DAY_NAMES: [keyof NonNullable<MergeFacts['hours']>, string][] = [
  ['mon', 'Monday'],
  ['tue', 'Tuesday'],
  ['wed', 'Wednesday'],
  ['thu', 'Thursday'],
  ['fri', 'Friday'],
  ['sat', 'Saturday'],
  ['sun', 'Sunday'],
];

function patternText(hours: MergeFacts['hours']): string {
  if (!hours) return '';
  const days = DAY_NAMES.filter(([key]) => Number(hours[key] ?? 0) > 0);
  if (days.length === 0) return '';
  const total = days.reduce((sum, [key]) => sum + Number(hours[key]), 0);
  return `${total.toLocaleString('en-GB', { maximumFractionDigits: 2 })} hours a week over ${days.length} days (${days.map(([key, name]) => `${name} ${Number(hours[key])}h`).join(', ')})`;
}

/** The record and company values of the merge fields; free values typed at generation win. */
async function mergeValues(trx: Trx, input: { companyId: string; userId: string | null | undefined; free: Record<string, string> }) {
  const company = await findCompanyFacts(trx, input.companyId);
  const values: Record<string, string> = {
    company_name: company.name,
    company_address: company.address,
    today: formatLondon(new Date(), 'do MMMM y'),
  };
  if (input.userId) {
    const person = await findPersonFacts(trx, { companyId: input.companyId, userId: input.userId });
    if (!person) throw AppError.validation({ user_id: ['Please choose one of your people.'] });
    Object.assign(values, {
      employee_name: person.full_name,
      employee_first_name: person.first_name,
      job_title: person.job_title ?? '',
      department: person.department ?? '',
      start_date: person.start_date ? formatCalendarDate(person.start_date, 'do MMMM y') : '',
      pay:
        person.pay_amount !== null
          ? `${formatPounds(Number(person.pay_amount))} a${person.pay_unit === 'hour' ? 'n' : ''} ${person.pay_unit ?? 'year'}`
          : '',
      working_pattern: patternText(person.hours),
      manager_name: person.manager_name ?? '',
    });
  }
  for (const [key, value] of Object.entries(input.free)) if (value.trim() !== '') values[key] = value;
  return { values, companyName: company.name };
}

async function renderFor(
  trx: Trx,
  input: { companyId: string; template: TemplateRow; userId?: string | null; free: Record<string, string>; title?: string },
) {
  const { values, companyName } = await mergeValues(trx, { companyId: input.companyId, userId: input.userId, free: input.free });
  const title = input.title ?? input.template.name;
  // pdf-lib loads when a first template is rendered, not when the server starts.
  const { renderTemplatePdf } = await import('./template-render');
  return renderTemplatePdf({ title, text: mergeTemplate(input.template.body, values), footer: `${companyName} - ${title}` });
}

export async function previewTemplate(db: Db, input: { companyId: string; body: PreviewInput }): Promise<Uint8Array> {
  return withTenant(db, input.companyId, async (trx) => {
    await ensureStarterTemplates(trx, { companyId: input.companyId, starters: STARTER_TEMPLATES });
    const template = await findTemplate(trx, { companyId: input.companyId, id: input.body.document_template_file_id });
    if (!template) throw AppError.validation({ document_template_file_id: ['Please choose one of your templates.'] });
    return renderFor(trx, {
      companyId: input.companyId,
      template,
      userId: input.body.user_id,
      free: input.body.document_template_file_field_values,
    });
  });
}

/**
 * Makes the person's document from the template: a PDF version in the template's area, about
 * them and private to HR; to be signed, it remembers whom the template's wording says signs it.
 */
export async function generateFromTemplate(caller: DocumentsCaller, input: GenerateInput): Promise<string> {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, async (trx) => {
    const template = await findTemplate(trx, { companyId, id: input.document_template_file_id });
    if (!template) throw AppError.validation({ document_template_file_id: ['Please choose one of your templates.'] });
    const pdf = await renderFor(trx, {
      companyId,
      template,
      userId: input.user_id,
      free: input.document_template_file_field_values,
      title: input.title,
    });
    const name = `${
      input.title
        .replace(/[^\w .-]+/g, '')
        .trim()
        .slice(0, 80) || 'document'
    }.pdf`;
    const file = await storeGeneratedFile(trx, caller.storage, {
      companyId,
      bytes: pdf,
      name,
      mimeType: 'application/pdf',
      createdBy: caller.session.userId,
    });
    if (file.sha256 !== createHash('sha256').update(pdf).digest('hex')) throw new Error('stored bytes differ from the generated file');
    const documentId = await createDocumentFromFile(
      caller,
      {
        fields: {
          area: template.area,
          title: input.title,
          description: `Made from the template "${template.name}".`,
          action: input.action,
          audience: 'hr_private',
          audience_ids: [],
          folder_id: input.folder_id ?? null,
          tag_ids: [],
          subject_user_id: input.user_id,
          special_category: false,
        },
        file,
        searchText: '',
      },
      trx,
    );
    // Whom its wording says signs it is whom sending it to sign proposes.
    if (input.action === 'sign') await setSigningParties(trx, { companyId, documentId, parties: signingPartiesOf(template.body) });
    return documentId;
  });
}
