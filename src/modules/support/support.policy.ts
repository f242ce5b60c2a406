// Who may write to which team: authorised contacts choose the department; everyone
// else can only contact the support team.
import type { ContactType } from './support.contract';

export function mayChooseContactType(input: { authorisedContact: boolean; contactType: ContactType }): boolean {
  return input.contactType === 'support' || input.authorisedContact;
}
