// The support inbox's demo (after people): three contact requests from Demo Ltd in each
// status — Marcus's new question about rota reminders, the owner's HR question that Ada took
// (in progress, with an internal note), and Ella's handled request with the reply she got.
// Written once.
import type { Trx } from '../../../server/db/database';
import { insertContactEntry, updateContactRequest } from './contact-requests.queries';

const HOUR = 60 * 60 * 1000;

export async function seedSupportDemo(
  trx: Trx,
  input: { companyId: string; accounts: Readonly<Record<string, string>>; now?: Date },
): Promise<void> {
  const admin = input.accounts['admin@stafflane.test'];
  const owner = input.accounts['owner@demo.test'];
  const marcus = input.accounts['manager@demo.test'];
  const ella = input.accounts['employee@demo.test'];
  if (!admin || !owner || !marcus || !ella) return;
  const exists = await trx.selectFrom('contact_requests').select('id').where('company_id', '=', input.companyId).executeTakeFirst();
  if (exists) return;
  const now = input.now ?? new Date();
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
  const add = (userId: string, contactType: 'support' | 'hr' | 'hs', message: string, hoursAgo: number) =>
    trx
      .insertInto('contact_requests')
      .values({ company_id: input.companyId, user_id: userId, contact_type: contactType, message, created_at: at(hoursAgo) })
      .returning('id')
      .executeTakeFirstOrThrow();

  await add(marcus, 'support', 'Can rota reminders go out the evening before a shift instead of the morning?', 3);

  const hr = await add(owner, 'hr', 'Do we have to pay statutory sick pay to a casual worker on a zero-hours contract?', 30);
  await updateContactRequest(trx, hr.id, { status: 'in_progress', assignedTo: admin });
  await insertContactEntry(trx, {
    contactRequestId: hr.id,
    companyId: input.companyId,
    authorId: admin,
    kind: 'note',
    body: 'Check their average weekly earnings over the last 8 weeks before answering.',
  });

  const handled = await add(ella, 'support', 'I cannot find where to upload my fit note.', 72);
  await insertContactEntry(trx, {
    contactRequestId: handled.id,
    companyId: input.companyId,
    authorId: admin,
    kind: 'reply',
    body: 'Open Leave & Absences, then your sickness absence: the return-to-work form asks for the fit note.',
  });
  await updateContactRequest(trx, handled.id, { status: 'handled', assignedTo: admin });
}
