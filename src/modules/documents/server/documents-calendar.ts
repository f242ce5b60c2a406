// The documents module's calendar entries: a signing request's due date, for each signer who
// still has to sign and for whoever asked for the signatures.
import type { CalendarSource } from '../../../server/calendar/calendar-source';
import type { CalendarEntry } from '../../../shared/calendar.contract';
import { findDueSignRequests } from './signing.queries';

// Short: the agenda shows it as the entry's badge.
const KIND = 'signature';
const COLOUR = 'cyan';

export const signaturesDueSource: CalendarSource = {
  kind: KIND,
  label: 'Signatures due',
  colour: COLOUR,
  async find(trx, { companyId, session, from, to }) {
    const due = await findDueSignRequests(trx, { companyId, userId: session.userId, from, to });
    return due.map((request): CalendarEntry => ({
      id: `${KIND}-${request.id}`,
      kind: KIND,
      title: request.mine ? `Sign: ${request.title}` : `Signatures due: ${request.title}`,
      start_date: request.due_date,
      end_date: request.due_date,
      start_at: null,
      end_at: null,
      colour: COLOUR,
      person_name: null,
      department_id: null,
      href: `/document/${request.document_id}`,
    }));
  },
};
