// The demo company's documents. The seed runs before any file storage exists, so it leaves a
// note (document_demo_pending); the first server to start afterwards claims the note and makes
// the folders, tags, documents (real PDFs through the app's FileStorage), a template of the
// company's own, a statement of main terms waiting for Ella's signature and a completed,
// sealed offer letter.
import type { Logger } from 'pino';
import { withSystem, withTenant, type Db, type Trx } from '../../../server/db/database';
import type { FileStorage } from '../../../server/files/storage';
import type { Session } from '../../../server/plugins/request-context';
import type { DemoCompany } from '../../../server/server-module';
import { grant } from '../../../server/roles';
import { addDays, londonDate } from '../../../shared/dates';
import { DOCUMENT_ENDPOINT } from '../documents.contract';
import { DEMO_DOCUMENTS, DEMO_FOLDERS, DEMO_TAGS } from './documents-demo.data';
import { claimDemoNotes, findDepartmentOf, findStarterTemplateId, insertDemoNote } from './documents-demo.queries';
import type { DemoPayload } from './documents-tables';
import { createDocumentFromFile, type DocumentsCaller } from './documents.service';
import { createFolder, createTag } from './labels.queries';
import { createSignRequest, signDocument } from './signing.service';
import { storeGeneratedFile } from './signing-view';
import { STARTER_TEMPLATES } from './starter-templates';
import { ensureStarterTemplates, insertTemplate } from './templates.queries';
import { generateFromTemplate } from './templates.service';

export async function seedDocumentsDemo(trx: Trx, company: DemoCompany): Promise<void> {
  const payload: DemoPayload = { departments: { ...company.departments }, accounts: { ...company.accounts } };
  await insertDemoNote(trx, { companyId: company.companyId, payload });
}

function demoCaller(
  db: Db,
  storage: FileStorage,
  input: { userId: string; companyId: string; departmentIds: string[]; manager: boolean },
): DocumentsCaller {
  const session: Session = {
    userId: input.userId,
    companyId: input.companyId,
    departmentIds: input.departmentIds,
    permissions: input.manager ? grant(DOCUMENT_ENDPOINT, 'company') : grant(DOCUMENT_ENDPOINT, 'own'),
    sessionId: '00000000-0000-4000-8000-000000000000',
    impersonatorId: null,
    status: 'active',
  };
  return { session, source: { ip: '127.0.0.1', userAgent: 'Stafflane demo data' }, db, storage };
}

async function departmentOf(db: Db, companyId: string, userId: string): Promise<string[]> {
  const department = await withTenant(db, companyId, (trx) => findDepartmentOf(trx, userId));
  return department ? [department] : [];
}

async function makeDemo(db: Db, storage: FileStorage, companyId: string, payload: DemoPayload): Promise<void> {
  const ownerId = payload.accounts['owner@demo.test'];
  const ellaId = payload.accounts['employee@demo.test'];
  if (!ownerId || !ellaId) return;
  const owner = demoCaller(db, storage, {
    userId: ownerId,
    companyId,
    departmentIds: await departmentOf(db, companyId, ownerId),
    manager: true,
  });
  const ella = demoCaller(db, storage, {
    userId: ellaId,
    companyId,
    departmentIds: await departmentOf(db, companyId, ellaId),
    manager: false,
  });

  const { folders, tags } = await withTenant(db, companyId, async (trx) => {
    const folderIds = new Map<string, string>();
    for (const folder of DEMO_FOLDERS) folderIds.set(folder.name, (await createFolder(trx, { companyId, ...folder })).id);
    const tagIds = new Map<string, string>();
    for (const name of DEMO_TAGS) tagIds.set(name, (await createTag(trx, { companyId, name })).id);
    await ensureStarterTemplates(trx, { companyId, starters: STARTER_TEMPLATES });
    await insertTemplate(trx, {
      companyId,
      createdBy: ownerId,
      area: 'hr',
      name: 'Uniform and equipment receipt',
      body: '# Uniform and equipment receipt\n\nI, {{employee_name}}, have received the following from {{company_name}} on {{today}}:\n\n{{items}}\n\nI will look after them and return them when I leave.',
      free_fields: [{ key: 'items', label: 'Items issued' }],
    });
    return { folders: folderIds, tags: tagIds };
  });

  for (const item of DEMO_DOCUMENTS) {
    const { renderTemplatePdf } = await import('./template-render');
    const pdf = await renderTemplatePdf({ title: item.title, text: item.text, footer: `Demo Ltd - ${item.title}` });
    const file = await withTenant(db, companyId, (trx) =>
      storeGeneratedFile(trx, storage, {
        companyId,
        bytes: pdf,
        name: `${item.title}.pdf`,
        mimeType: 'application/pdf',
        createdBy: ownerId,
      }),
    );
    await createDocumentFromFile(owner, {
      fields: {
        area: item.area,
        title: item.title,
        description: '',
        action: item.action,
        audience: item.audience,
        audience_ids: (item.departments ?? []).flatMap((name) => (payload.departments[name] ? [payload.departments[name]] : [])),
        folder_id: item.folder ? (folders.get(item.folder) ?? null) : null,
        tag_ids: item.tags.flatMap((name) => (tags.get(name) ? [tags.get(name)!] : [])),
        subject_user_id: null,
        special_category: false,
      },
      file,
    });
  }

  const starter = async (key: string) => withTenant(db, companyId, (trx) => findStarterTemplateId(trx, { companyId, key }));
  const contracts = folders.get('Contracts and letters') ?? null;

  // A completed, sealed offer letter (Ella typed her signature) …
  const offerId = await generateFromTemplate(owner, {
    document_template_file_id: await starter('offer_letter'),
    document_template_file_field_values: { offer_conditions: 'two satisfactory references', reply_by: '14th March 2024' },
    user_id: ellaId,
    title: 'Offer letter - Ella Evans',
    folder_id: contracts,
    action: 'sign',
  });
  const offer = await createSignRequest(owner, offerId, {
    signer_ids: [ellaId],
    ordering: 'sequential',
    message: 'Welcome aboard!',
    due_date: null,
  });
  await withTenant(db, companyId, (trx) =>
    signDocument(ella, trx, offerId, { consent: true, kind: 'typed', typed_name: 'Ella Evans', seen_sha256: offer.version.sha256 }),
  );

  // … and a statement of main terms waiting for her signature.
  const termsId = await generateFromTemplate(owner, {
    document_template_file_id: await starter('main_terms'),
    document_template_file_field_values: {
      place_of_work: 'Demo Ltd, Manchester',
      holiday_entitlement: '28 days (pro rata), including bank holidays',
      notice_period: 'one month',
      probation_period: 'three months',
    },
    user_id: ellaId,
    title: 'Statement of main terms - Ella Evans',
    folder_id: contracts,
    action: 'sign',
  });
  await createSignRequest(owner, termsId, {
    signer_ids: [ellaId],
    ordering: 'sequential',
    message: 'Please read and sign your updated terms.',
    // Due in ten days: on Ella's and the owner's calendars.
    due_date: addDays(londonDate(new Date()), 10),
  });
}

/** Claims the demo note, if there is one, and makes the demo documents. */
export async function materialiseDocumentsDemo(db: Db, storage: FileStorage, logger: Pick<Logger, 'info' | 'error'>): Promise<void> {
  const claimed = await withSystem(db, claimDemoNotes);
  for (const note of claimed) {
    try {
      await makeDemo(db, storage, note.company_id, note.payload);
      logger.info('made the demo documents');
    } catch (error) {
      logger.error({ err: error }, 'could not make the demo documents');
    }
  }
}
