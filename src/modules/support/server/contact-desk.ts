// The support module's desk (module-hooks.ts): a message to a support team kept as a contact
// request and e-mailed to the team's address, from the contact form or from chat outside
// support hours, in the sender's tenant transaction.
import type { ContactRequestDesk } from '../../../server/module-hooks';
import { enqueueEmail } from '../../../server/mail/mail.queries';
import { CONTACT_TYPE_LABELS } from '../support.contract';
import { createContactRequest, getSender } from './contact-requests.queries';

export const contactRequestDesk: ContactRequestDesk = {
  sender: (trx, person) => getSender(trx, person),

  async file(trx, config, filing) {
    const { sender, contactType, companyId } = filing;
    const created = await createContactRequest(trx, filing);
    const team = CONTACT_TYPE_LABELS[contactType];
    const where = filing.source === 'chat' ? ' in chat, outside support hours' : '';
    await enqueueEmail(trx, {
      template: 'contact_request',
      companyId,
      to: config.teamEmails[contactType],
      subject: `Contact request for the ${team} from ${sender.company_name}${filing.source === 'chat' ? ' (chat, outside support hours)' : ''}`,
      text: [
        `${sender.first_name} ${sender.surname} <${sender.email}> of ${sender.company_name} wrote to the ${team}${where}:`,
        '',
        filing.message,
        '',
        `Reply to ${sender.email}. Request ${created.id}, sent ${created.created_at}.`,
      ].join('\n'),
    });
    return created;
  },
};
