// Who may chat: every company user but docs-only users, with their own conversations; the
// administrators with their teams' conversations (team membership is checked per conversation).
import { grant, type RoleGrants } from '../../../server/roles';
import { ADMIN_CHAT_ENDPOINT, CHAT_ENDPOINT } from '../chat.contract';

const PERSON = grant(CHAT_ENDPOINT, 'own', ['GET', 'POST']);

export const chatGrants: RoleGrants = {
  Owner: PERSON,
  'HR admin': PERSON,
  Manager: PERSON,
  Employee: PERSON,
  Administrator: grant(ADMIN_CHAT_ENDPOINT, 'global', ['GET', 'POST']),
};
