// Changing an administrator's support teams, from the administrators' page or because they
// were removed: no change may leave a team with no active administrator to answer its chats.
import type { Trx } from '../../../server/db/database';
import { AppError } from '../../../shared/app-error';
import { CHAT_TEAM_LABELS, type ChatTeam } from '../chat.contract';
import { findUnansweredTeams, replaceTeams } from './chat.queries';

/**
 * Makes the administrator's teams `to`; a 409 (and the caller's transaction rolls back) if a team
 * they leave had someone to answer it and would then have nobody.
 */
export async function changeTeams(trx: Trx, input: { userId: string; from: readonly ChatTeam[]; to: readonly ChatTeam[] }): Promise<void> {
  const leaving = input.from.filter((team) => !input.to.includes(team));
  const unansweredBefore = await findUnansweredTeams(trx, leaving);
  await replaceTeams(trx, { userId: input.userId, teams: input.to });
  const [emptied] = (await findUnansweredTeams(trx, leaving)).filter((team) => !unansweredBefore.includes(team));
  if (emptied) {
    throw new AppError('conflict', {
      message: `The ${CHAT_TEAM_LABELS[emptied]} would have nobody to answer its chats. Add another administrator to it first.`,
    });
  }
}
