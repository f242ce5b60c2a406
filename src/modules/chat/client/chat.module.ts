// Live support chat's client registration. Its screens are the chat button and panel of the
// signed-in shell (for company users holding /api/chat, src/client/shell/signed-in-layout.tsx)
// and the administrators' /admin/chat (their menu, src/client/shell/menu/account-registry.ts):
// no side-menu entry, settings page or dashboard card of its own.
import type { ClientModule } from '../../../client/shell/client-module';

export const chatClientModule: ClientModule = { name: 'chat' };
