// One conversation as either side sees it: the messages (own on the right, with "Read" once
// the other side has read them), who is typing, attachments, and the composer. New messages
// arrive by realtime events (the conversation is refetched); typing events are heard directly.
// Opened from the outbox for a refused message, the composer holds it with the server's words;
// if the conversation ended meanwhile, the message is shown to copy.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/ScrollArea.css';
import { ActionIcon, Badge, Box, Button, FileButton, Group, Loader, Paper, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { Fragment, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ClosedCorrection, CorrectionNotice } from '../../../client/offline/correction-notice';
import { finishCorrection } from '../../../client/offline/outbox-correction';
import { onRealtimeEvent } from '../../../client/realtime/realtime-events';
import { useRealtimePollInterval } from '../../../client/realtime/realtime-status';
import { showDangerToast, showInfoToast } from '../../../client/shell/toasts';
import { isQueuedResponse, type OutboxItemSummary } from '../../../shared/sw-messages';
import {
  CHAT_EVENTS,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_TEAM_LABELS,
  TYPING_SEND_EVERY_MS,
  TYPING_SHOW_MS,
  type ChatMessage,
  type ChatSide,
  type ChatTypingPayload,
} from '../chat.contract';
import {
  announceTyping,
  chatKeys,
  conversationQueryOptions,
  markConversationRead,
  refusedConversationId,
  sendChatAttachment,
  sendChatMessage,
} from './chat.api';
import { saveFile } from '../../../client/api/downloads';
import { chatDayLabel, chatTime, startsDay } from './chat-days';

type Pending = { key: string; body: string; fileName: string | null };

function useTyping(side: ChatSide, conversationId: string, theirMessages: number): string | null {
  const [typing, setTyping] = useState<{ name: string; until: number; atCount: number } | null>(null);
  const count = useRef(theirMessages);
  useEffect(() => {
    count.current = theirMessages;
  }, [theirMessages]);
  useEffect(
    () =>
      onRealtimeEvent((event) => {
        const payload = event.payload as Partial<ChatTypingPayload> | null;
        if (event.event !== CHAT_EVENTS.typing || payload?.conversation_id !== conversationId || payload.side === side) return;
        setTyping({ name: payload.name ?? '', until: Date.now() + TYPING_SHOW_MS, atCount: count.current });
      }),
    [side, conversationId],
  );
  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => setTyping(null), Math.max(0, typing.until - Date.now()));
    return () => clearTimeout(timer);
  }, [typing]);
  // Their new message ends the indicator; otherwise it fades after TYPING_SHOW_MS.
  return typing && typing.atCount === theirMessages ? typing.name : null;
}

function MessageBubble({ message, own, read }: { message: ChatMessage; own: boolean; read: boolean | null }) {
  const attachment = message.attachment;
  return (
    <Stack gap={2} align={own ? 'flex-end' : 'flex-start'} data-testid="chat-message" data-side={message.side}>
      <Text size="xs" c="dimmed">
        {own ? 'You' : message.author_name} · {chatTime(message.created_at)}
      </Text>
      <Paper px="sm" py={6} radius="md" maw="85%" bg={own ? 'blue.0' : 'gray.0'} withBorder>
        {message.body && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.body}
          </Text>
        )}
        {attachment && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPaperclip size={14} />}
            onClick={() =>
              void saveFile(attachment.download_path, attachment.name).catch(() =>
                showDangerToast({ message: 'The file could not be downloaded.' }),
              )
            }
          >
            {attachment.name}
          </Button>
        )}
      </Paper>
      {read !== null && (
        <Text size="xs" c="dimmed" data-testid="chat-read-mark">
          {read ? 'Read' : 'Sent'}
        </Text>
      )}
    </Stack>
  );
}

type ThreadProps = {
  side: ChatSide;
  conversationId: string;
  height: number | string;
  /** A refused message the outbox opened the chat to correct; used when it was written in this conversation. */
  correction?: OutboxItemSummary | null;
};

export function ChatThread({ side, conversationId, height, correction: offered = null }: ThreadProps) {
  const queryClient = useQueryClient();
  const { data, isPending } = useQuery({
    ...conversationQueryOptions(side, conversationId),
    refetchInterval: useRealtimePollInterval(10_000),
  });
  const [correction, setCorrection] = useState(() => (refusedConversationId(offered, side) === conversationId ? offered : null));
  const refusedText = (correction?.body as { body?: unknown } | undefined)?.body;
  const [draft, setDraft] = useState(typeof refusedText === 'string' ? refusedText : '');
  const [pending, setPending] = useState<Pending[]>([]);
  const [sending, setSending] = useState(false);
  const lastTyping = useRef(0);
  const viewport = useRef<HTMLDivElement>(null);
  const messages = useMemo(() => data?.messages ?? [], [data]);
  // What the outbox sent arrives with the conversation: its waiting copy is no longer shown.
  const waiting = pending.filter((item) => item.fileName !== null || !messages.some((m) => m.side === side && m.body === item.body));
  // Only the other side's next message ends their typing: the viewer's own message landing in
  // the list after the indicator appeared (a refetch slower than the realtime event) does not.
  const typingName = useTyping(side, conversationId, messages.filter((message) => message.side !== side).length);

  // Reading the conversation while it is on screen sets the viewer's read mark.
  const unread = data?.unread ?? 0;
  useEffect(() => {
    if (unread === 0 || document.visibilityState !== 'visible') return;
    void markConversationRead(side, conversationId)
      .then(() => queryClient.invalidateQueries({ queryKey: chatKeys.conversation(side, conversationId) }))
      .catch(() => undefined);
  }, [unread, side, conversationId, queryClient, messages.length]);

  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [messages.length, waiting.length, typingName]);

  if (isPending || !data) return <Loader size="sm" m="md" />;

  const lastOwnIndex = messages.map((m) => m.side).lastIndexOf(side);
  const otherRead = data.other_read_at ? new Date(data.other_read_at).getTime() : 0;
  const closed = data.status === 'closed';

  const refetch = () => queryClient.invalidateQueries({ queryKey: chatKeys.conversation(side, conversationId) });

  async function send(file: File | null) {
    const body = draft.trim();
    if (!body && !file) return;
    setSending(true);
    try {
      const answer = file ? await sendChatAttachment(side, conversationId, file, body) : await sendChatMessage(side, conversationId, body);
      setDraft('');
      finishCorrection(correction);
      setCorrection(null);
      if (isQueuedResponse(answer)) {
        setPending((list) => [...list, { key: answer.idempotency_key, body, fileName: file?.name ?? null }]);
        showInfoToast({ message: 'No connection: your message waits in the outbox and is sent when you are back online.' });
      } else await refetch();
    } catch (error) {
      showDangerToast({ message: (error as Error).message || 'The message could not be sent.' });
    } finally {
      setSending(false);
    }
  }

  function onType(value: string) {
    setDraft(value);
    if (value && Date.now() - lastTyping.current > TYPING_SEND_EVERY_MS && navigator.onLine) {
      lastTyping.current = Date.now();
      void announceTyping(side, conversationId).catch(() => undefined);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void send(null);
    }
  }

  return (
    <Stack gap="xs" h={height} style={{ minHeight: 0 }}>
      <ScrollArea style={{ flex: 1 }} viewportRef={viewport} type="auto" offsetScrollbars>
        <Stack gap="sm" p="xs" aria-live="polite" aria-label="Messages">
          {messages.map((message, index) => (
            <Fragment key={message.id}>
              {startsDay(messages, index) && (
                <Text size="xs" c="dimmed" fw={600} ta="center" data-testid="chat-day">
                  {chatDayLabel(message.created_at)}
                </Text>
              )}
              <MessageBubble
                message={message}
                own={message.side === side}
                read={index === lastOwnIndex ? new Date(message.created_at).getTime() <= otherRead : null}
              />
            </Fragment>
          ))}
          {waiting.map((item) => (
            <Stack key={item.key} gap={2} align="flex-end">
              <Paper px="sm" py={6} radius="md" maw="85%" withBorder style={{ opacity: 0.7 }}>
                <Text size="sm">{item.body || item.fileName}</Text>
              </Paper>
              <Badge size="xs" variant="light" color="gray">
                Waiting to sync
              </Badge>
            </Stack>
          ))}
          {typingName !== null && (
            <Text size="xs" c="dimmed" fs="italic" data-testid="chat-typing">
              {typingName || (side === 'person' ? CHAT_TEAM_LABELS[data.team] : 'They')} is typing…
            </Text>
          )}
        </Stack>
      </ScrollArea>
      {closed ? (
        <>
          <Text size="sm" c="dimmed" ta="center" p="xs">
            This conversation has ended.
          </Text>
          <ClosedCorrection
            item={correction}
            what="message"
            closed="The conversation ended before your message reached it."
            entries={[{ label: 'Your message', text: typeof refusedText === 'string' ? refusedText : '' }]}
          />
        </>
      ) : (
        <>
          <Box px="xs">
            <CorrectionNotice item={correction} what="message" />
          </Box>
          <Composer draft={draft} sending={sending} onType={onType} onKeyDown={onKeyDown} onSend={(file) => void send(file)} />
        </>
      )}
    </Stack>
  );
}

type ComposerProps = {
  draft: string;
  sending: boolean;
  onType: (value: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  onSend: (file: File | null) => void;
};

function Composer({ draft, sending, onType, onKeyDown, onSend }: ComposerProps) {
  return (
    <Box px="xs" pb="xs">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <FileButton onChange={(file) => file && onSend(file)} accept="image/jpeg,image/png,image/webp,image/heic,application/pdf">
          {(props) => (
            <ActionIcon {...props} variant="subtle" size="lg" aria-label="Attach a photo or PDF" disabled={sending}>
              <IconPaperclip size={20} />
            </ActionIcon>
          )}
        </FileButton>
        <Textarea
          aria-label="Message"
          placeholder="Write a message"
          autosize
          minRows={1}
          maxRows={4}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          value={draft}
          onChange={(event) => onType(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          style={{ flex: 1 }}
        />
        <ActionIcon size="lg" aria-label="Send" onClick={() => onSend(null)} loading={sending} disabled={!draft.trim()}>
          <IconSend size={18} />
        </ActionIcon>
      </Group>
    </Box>
  );
}
