// Reminders: every hour, each signer whose turn it is and who has not acted for a day is
// reminded (bell, e-mail, realtime), once a day, until they sign or decline or the request ends.
import { withSystem, withTenant, type Db } from '../../../server/db/database';
import type { JobDefinition } from '../../../server/jobs/job-definition';
import { askToSign } from './signing.service';
import { appendTrail, findLatestRequest, findSigners, findSignersToRemind, markReminded } from './signing.queries';

export const REMINDER_AFTER_HOURS = 24;

export async function remindSigners(db: Db): Promise<number> {
  const due = await withSystem(db, (trx) => findSignersToRemind(trx, { hours: REMINDER_AFTER_HOURS, limit: 500 }));
  let sent = 0;
  for (const item of due) {
    await withTenant(db, item.company_id, async (trx) => {
      const request = await findLatestRequest(trx, { companyId: item.company_id, documentId: item.document_id, forUpdate: true });
      if (!request || request.status !== 'pending') return;
      const signer = (await findSigners(trx, { companyId: item.company_id, requestId: request.id })).find((s) => s.id === item.signer_id);
      if (!signer || signer.status !== 'pending') return;
      await askToSign(trx, {
        companyId: item.company_id,
        documentId: item.document_id,
        title: item.title,
        message: request.message,
        dueDate: request.due_date,
        signers: [signer],
        reminder: true,
      });
      await markReminded(trx, signer.id);
      await appendTrail(trx, {
        companyId: item.company_id,
        documentId: item.document_id,
        requestId: request.id,
        event: 'reminded',
        actorId: null,
        actorName: 'Stafflane',
        identification: 'scheduled reminder',
        ip: null,
        userAgent: null,
        sha256: null,
        detail: `Reminded ${signer.name}`,
      });
      sent += 1;
    });
  }
  return sent;
}

export const documentsJobs: JobDefinition[] = [
  {
    name: 'documents-sign-reminders',
    schedule: { cron: '20 * * * *', timeZone: 'Europe/London' },
    catchUpAtStart: true,
    handler: async ({ db, wakeMail }) => {
      if ((await remindSigners(db)) > 0) wakeMail();
    },
  },
];
