// The chat button of the signed-in shell's top bar (company users who may chat, beside the
// bell, so it never covers a page's own buttons), and the panel it opens: bottom right on a
// desktop, the whole screen on a phone; and when the outbox asks to correct a refused message.
// Loaded apart from the shell's own chunk.
import '@mantine/core/styles/Indicator.css';
import './chat.css';
import { ActionIcon, Indicator, Portal } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconMessageCircle } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { DIALOG_FORMS, useCorrectionDialog } from '../../../client/offline/outbox-correction';
import { useRealtimePollInterval } from '../../../client/realtime/realtime-status';
import { DESKTOP_BREAKPOINT_PX } from '../../../shared/constants';
import { myConversationsQueryOptions } from './chat.api';
import { ChatPanel } from './chat-panel';
import { useScreenQuery } from '../../../client/ui/phone';

const PHONE_QUERY = `(max-width: ${DESKTOP_BREAKPOINT_PX / 2}px)`;

export function ChatLauncher() {
  const [open, setOpen] = useState(false);
  useCorrectionDialog(
    DIALOG_FORMS.chat,
    useCallback(() => setOpen(true), []),
  );
  const phone = useScreenQuery(PHONE_QUERY);
  const { data } = useQuery({ ...myConversationsQueryOptions(), refetchInterval: useRealtimePollInterval(60_000) });
  const unread = (data?.results ?? []).reduce((sum, conversation) => sum + conversation.unread, 0);

  return (
    <>
      <Indicator label={unread} size={18} color="red" disabled={unread === 0 || open} offset={6} inline>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={unread > 0 ? `Chat with support, ${unread} unread` : 'Chat with support'}
          aria-expanded={open}
          onClick={() => setOpen((value) => !value)}
        >
          <IconMessageCircle size={22} aria-hidden="true" />
        </ActionIcon>
      </Indicator>
      {open && (
        <Portal>
          <ChatPanel onClose={() => setOpen(false)} fullScreen={phone} />
        </Portal>
      )}
    </>
  );
}
