// Live support chat's registration: its API, the personal data it holds and the demo's past
// conversations.
import type { ServerModule } from '../../../server/server-module';
import { DEFAULT_ADMINISTRATOR_TEAMS } from '../chat.contract';
import { seedChatDemo } from './chat-demo.queries';
import { addTeamMember, findTeamsOf } from './chat.queries';
import { chatPersonalData } from './chat.personal-data';
import { chatGrants } from './chat.grants';
import { chatRoutes } from './chat.routes';
import { changeTeams } from './support-teams.service';

export const chatModule: ServerModule = {
  name: 'chat',
  personalData: chatPersonalData,
  routes: chatRoutes,
  grants: chatGrants,
  // A new administrator starts in the support team (DEFAULT_ADMINISTRATOR_TEAMS); the administrators' page changes it.
  onAdministratorAdded: async (trx, administrator) => {
    for (const team of DEFAULT_ADMINISTRATOR_TEAMS) await addTeamMember(trx, { userId: administrator.userId, team });
  },
  // A removed administrator hears no team's conversations; one a team cannot do without is not removed (409).
  onAdministratorRemoved: async (trx, administrator) =>
    changeTeams(trx, { userId: administrator.userId, from: await findTeamsOf(trx, administrator.userId), to: [] }),
  demo: (trx, company) => seedChatDemo(trx, { companyId: company.companyId, accounts: company.accounts }),
};
