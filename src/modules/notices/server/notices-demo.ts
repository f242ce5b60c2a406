// The noticeboard's demo (src/app/server/seed.ts, after people and leave): a pinned notice from
// the owner to everyone asking for acknowledgement (the fire-evacuation changes), a notice for
// Operations from Marcus, one scheduled for next week, and an expired one. Ella has not yet
// acknowledged the pinned one (it waits in her bell); a few colleagues have. Written once.
import { type Trx } from '../../../server/db/database';
import { notify } from '../../../server/notifications/notify';
import { insertDemoNotice, insertDemoReceipts, companyHasNotices, findDemoReaders, type NoticeWrite } from './notices.queries';
import { NOTICE_ACKNOWLEDGE } from './notices.todos';

const DAY = 24 * 60 * 60 * 1000;

type DemoNoticeFields = Partial<NoticeWrite> &
  Pick<NoticeWrite, 'title' | 'body' | 'publish_at'> & { created_by: string | null; published_at: Date | null };

export async function seedNoticesDemo(
  trx: Trx,
  input: { companyId: string; departments: Readonly<Record<string, string>>; accounts: Readonly<Record<string, string>>; now?: Date },
): Promise<void> {
  const { companyId } = input;
  if (await companyHasNotices(trx, companyId)) return;
  const now = input.now ?? new Date();
  const owner = input.accounts['owner@demo.test'] ?? null;
  const marcus = input.accounts['manager@demo.test'] ?? null;
  const ella = input.accounts['employee@demo.test'] ?? null;
  const operations = input.departments.Operations;
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  /** A notice to everyone, unpinned, asking for nothing and never expiring, unless it says otherwise. */
  const notice = (fields: DemoNoticeFields) => ({
    company_id: companyId,
    audience: 'everyone' as const,
    department_ids: [],
    location_ids: [],
    expires_on: null,
    pinned: false,
    acknowledgement_required: false,
    send_email: false,
    ...fields,
  });

  const fireDrill = await insertDemoNotice(
    trx,
    notice({
      created_by: owner,
      title: 'New fire assembly point from Monday',
      body:
        '<p>While the car park is resurfaced, our <strong>fire assembly point moves to the green opposite the main entrance</strong>.</p>' +
        '<ul><li>Leave by the nearest exit, as always.</li><li>Do not go back for belongings.</li>' +
        '<li>Report to your fire warden at the green so we can account for everyone.</li></ul>' +
        '<p>Please acknowledge this notice so we know everyone has seen it.</p>',
      publish_at: ago(2),
      published_at: ago(2),
      pinned: true,
      acknowledgement_required: true,
    }),
  );
  await insertDemoNotice(
    trx,
    notice({
      created_by: marcus,
      title: 'Operations rota swap requests',
      body: '<p>From this month, please send rota swap requests to me by <em>Wednesday noon</em> for the following week.</p>',
      audience: operations ? 'departments' : 'everyone',
      department_ids: operations ? [operations] : [],
      publish_at: ago(5),
      published_at: ago(5),
    }),
  );
  await insertDemoNotice(
    trx,
    notice({
      created_by: owner,
      title: 'Christmas party: save the date',
      body: '<p>Our Christmas party is on the second Friday of December. Details and menu choices to follow.</p>',
      publish_at: new Date(now.getTime() + 7 * DAY),
      published_at: null,
    }),
  );
  await insertDemoNotice(
    trx,
    notice({
      created_by: owner,
      title: 'Office closed for the lift inspection',
      body: '<p>The office was closed for the annual lift inspection (LOLER thorough examination).</p>',
      publish_at: ago(40),
      published_at: ago(40),
      expires_on: ago(30).toISOString().slice(0, 10),
    }),
  );

  // A few have read and acknowledged the pinned notice; Ella, Marcus and the owner have not yet.
  const readers = (await findDemoReaders(trx, companyId)).filter((id) => id !== ella && id !== marcus && id !== owner).slice(0, 4);
  await insertDemoReceipts(trx, { companyId, noticeId: fireDrill, userIds: readers, at: ago(1) });
  for (const userId of [ella, marcus].filter((id): id is string => id !== null)) {
    await notify(trx, {
      companyId,
      userId,
      description: 'New notice: &#34;New fire assembly point from Monday&#34;. Please read and acknowledge it.',
      relatesTo: 'notice',
      relatesToId: fireDrill,
      todo: true,
      kind: NOTICE_ACKNOWLEDGE.kind,
    });
  }
}
