import { createFileRoute } from '@tanstack/react-router';
import { AdminChatPage } from '../../../modules/chat/client/admin-chat-page';

export const Route = createFileRoute('/_signed-in/admin/chat')({
  component: AdminChatPage,
});
