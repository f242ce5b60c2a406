// The documents module's registration: the HR and H&S document areas, tags and folders,
// templates and their preview, signing with its evidence trail and sealed copies, the
// `document` pending count, the signers' reminders, signing due dates on the calendar and the
// demo company's documents.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import type { PendingCounter } from '../../../server/pending-count/pending-count.registry';
import type { ServerModule } from '../../../server/server-module';
import './documents-tables';
import { signaturesDueSource } from './documents-calendar';
import { seedDocumentsDemo, materialiseDocumentsDemo } from './documents-demo';
import { documentsGrants } from './documents.grants';
import { documentsJobs } from './documents.jobs';
import { countDocumentsToDo } from './documents.queries';
import { mountDocuments } from './documents.routes';
import { readerOf } from './documents-view';
import { mountLabels } from './labels.routes';
import { mountSealCertificate } from './seal-certificate.routes';
import { mountSigning } from './signing.routes';
import { mountTemplates } from './templates.routes';
import { documentsPersonalData } from './documents.personal-data';
import { documentsTodos } from './documents.todos';

const documentsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  mountLabels(app, deps);
  mountTemplates(app, deps);
  mountDocuments(app, deps);
  mountSigning(app, deps);
  mountSealCertificate(app, deps);
  app.addHook('onReady', async () => {
    await materialiseDocumentsDemo(deps.db, app.fileStorage, deps.logger);
  });
};

/** Documents waiting for the caller: to sign now, or to acknowledge. */
const countDocuments: PendingCounter = async ({ trx, session }) =>
  session.companyId ? countDocumentsToDo(trx, { companyId: session.companyId, reader: await readerOf(trx, session) }) : 0;

export const documentsModule: ServerModule = {
  name: 'documents',
  personalData: documentsPersonalData,
  todos: documentsTodos,
  routes: documentsRoutes,
  grants: documentsGrants,
  jobs: documentsJobs,
  counters: { document: countDocuments },
  calendar: [signaturesDueSource],
  demo: seedDocumentsDemo,
};
