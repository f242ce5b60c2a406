// The onboarding part of the demo company (src/app/server/seed.ts): Marcus is Ella's line
// manager, and Ivy has been invited but has not accepted yet — her invitation link is in the
// e-mail outbox (and the log without SMTP_URL), so the flow can be tried.
import type { Config } from '../../../server/config';
import type { Trx } from '../../../server/db/database';
import { generateLinkToken } from '../../../server/http/link-tokens';
import { enqueueEmail } from '../../../server/mail/mail.queries';
import { INVITATION_LINK_SECONDS } from '../auth.policy';
import { createUser } from './accounts.queries';
import { addLineManager, createInvitationToken } from './onboarding.queries';
import { INVITATION_SUBJECT, invitationLink, invitationText } from './onboarding.service';

/** A fixed id, so the end-to-end test can invite her again through the API before a people list exists. */
export const DEMO_INVITED_ACCOUNT = {
  id: '6f1c2b0e-5d1a-4c47-9b0e-1d2a3c4b5e60',
  email: 'invited@demo.test',
  firstName: 'Ivy',
  surname: 'Irwin',
} as const;

export async function seedOnboardingDemo(
  trx: Trx,
  input: {
    companyId: string;
    companyName: string;
    employeeRoleId: string | null;
    departmentId: string;
    lineManager: { userId: string; managerId: string } | null;
    config?: Pick<Config, 'publicOrigin' | 'port'>;
  },
): Promise<void> {
  const { companyId } = input;
  if (input.lineManager) await addLineManager(trx, { companyId, ...input.lineManager });
  const invited = DEMO_INVITED_ACCOUNT;
  const userId = await createUser(trx, {
    id: invited.id,
    companyId,
    email: invited.email,
    firstName: invited.firstName,
    surname: invited.surname,
    passwordHash: null,
    status: 'invited',
    roleId: input.employeeRoleId,
    departmentId: input.departmentId,
  });
  const { token, tokenHash } = generateLinkToken();
  await createInvitationToken(trx, { userId, tokenHash, ttlSeconds: INVITATION_LINK_SECONDS });
  const link = invitationLink(input.config ?? { publicOrigin: undefined, port: 3000 }, token);
  await enqueueEmail(trx, {
    template: 'invitation',
    to: invited.email,
    subject: INVITATION_SUBJECT,
    text: invitationText({ firstName: invited.firstName, companyName: input.companyName, link }),
    companyId,
  });
}
