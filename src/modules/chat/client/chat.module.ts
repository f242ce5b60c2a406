// Live support chat's client registration: the chat button and panel in the top bar of company
// users holding /api/chat, loaded on first render of the frame; the administrators' /admin/chat
// is in their menu (src/client/shell/menu/account-registry.ts). No side-menu entry, settings
// page or dashboard card of its own.
import { lazy } from 'react';
import type { ClientModule } from '../../../client/shell/client-module';
import { holds } from '../../../client/shell/menu/menu-context';

const ChatLauncher = lazy(() => import('./chat-launcher').then((module) => ({ default: module.ChatLauncher })));

export const chatClientModule: ClientModule = {
  name: 'chat',
  tools: [{ key: 'chat', visible: (context) => holds(context, '/api/chat'), component: ChatLauncher }],
};
