import { createFileRoute } from '@tanstack/react-router';
import { pageQueries, startQuery } from '../../../client/api/start-query';
import { myTeamsQueryOptions, teamConversationsQueryOptions } from '../../../modules/chat/client/chat.api';
import { AdminChatPage } from '../../../modules/chat/client/admin-chat-page';

export const Route = createFileRoute('/_signed-in/admin/chat')({
  loader: ({ context }) =>
    pageQueries(startQuery(context.queryClient, teamConversationsQueryOptions({})), startQuery(context.queryClient, myTeamsQueryOptions())),
  component: AdminChatPage,
});
