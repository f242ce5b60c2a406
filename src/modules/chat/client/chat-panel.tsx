// The person's chat panel, opened by the chat button of the signed-in shell: bottom right on a
// desktop, the whole screen on a phone. In support hours it starts a conversation with a team
// the person may contact (authorised contacts choose; others confirm they are writing to the
// support team); outside them it says when the team is back, shows the 24/7 HR and H&S line,
// and sends the message as a contact request. Past conversations stay listed. Opened from the
// outbox for a refused message, it shows that message where it was written (the conversation's
// composer, or the start of a chat) with the server's words.
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconArrowLeft, IconMail, IconPhone, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { CorrectionNotice } from '../../../client/offline/correction-notice';
import { correctionErrors, correctionRecord, finishCorrection, useCorrection } from '../../../client/offline/outbox-correction';
import { showDangerToast, showSuccessToast } from '../../../client/shell/toasts';
import { isQueuedResponse, type OutboxItemSummary } from '../../../shared/sw-messages';
import {
  CHAT_CONFIRMATION,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_RESOURCE,
  CHAT_TEAM_LABELS,
  chatPaths,
  ChatStatusLabels,
  type ChatAvailability,
  type ChatConversationSummary,
  type ChatTeam,
} from '../chat.contract';
import {
  CHAT_FORMS,
  chatStatusQueryOptions,
  closeConversation,
  emailTranscript,
  myConversationsQueryOptions,
  refusedConversationId,
  startChat,
} from './chat.api';
import { ChatThread } from './chat-thread';

const opensAtText = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    timeZone: 'Europe/London',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  });

export function ChatPanel({ onClose, fullScreen }: { onClose: () => void; fullScreen: boolean }) {
  const correction = useCorrection(CHAT_FORMS.person);
  // A refused chat start opens on the start of a chat, a refused message in its conversation.
  const refusedStart = correction?.url === chatPaths.conversations ? correction : null;
  const [openId, setOpenId] = useState<string | null>(() => refusedConversationId(correction, 'person'));
  const [home, setHome] = useState(refusedStart !== null);
  const list = useQuery(myConversationsQueryOptions());
  const status = useQuery(chatStatusQueryOptions());
  const conversations = list.data?.results ?? [];
  const active = conversations.find((c) => c.status !== 'closed');
  const shownId = openId ?? (home ? null : (active?.id ?? null));
  const shown = conversations.find((c) => c.id === shownId);
  const threadHeight = fullScreen ? 'calc(100dvh - 120px)' : 440;

  return (
    <Paper
      shadow="xl"
      radius={fullScreen ? 0 : 'md'}
      withBorder
      role="dialog"
      aria-label="Support chat"
      className={fullScreen ? 'chat-panel chat-panel-full' : 'chat-panel'}
    >
      <Group justify="space-between" p="sm" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group gap="xs" wrap="nowrap">
          {shownId && (
            <ActionIcon variant="subtle" aria-label="All conversations" onClick={() => (setOpenId(null), setHome(true))}>
              <IconArrowLeft size={18} />
            </ActionIcon>
          )}
          <div>
            <Title order={2} size="h5">
              {shown ? CHAT_TEAM_LABELS[shown.team] : 'Chat with us'}
            </Title>
            {shown && (
              <Text size="xs" c="dimmed">
                {shown.status === 'waiting'
                  ? 'Waiting for someone to join…'
                  : shown.status === 'open'
                    ? `With ${shown.assigned_name ?? 'the team'}`
                    : 'Ended'}
              </Text>
            )}
          </div>
        </Group>
        <Group gap={4} wrap="nowrap">
          {shownId && <ConversationActions id={shownId} closed={shown?.status === 'closed'} />}
          <ActionIcon variant="subtle" aria-label="Close chat" onClick={onClose}>
            <IconX size={18} />
          </ActionIcon>
        </Group>
      </Group>
      {shownId ? (
        <ChatThread key={shownId} side="person" conversationId={shownId} height={threadHeight} correction={correction} />
      ) : (
        <Stack gap="md" p="sm" style={{ overflowY: 'auto', maxHeight: fullScreen ? 'calc(100dvh - 70px)' : 500 }}>
          {status.data ? (
            <StartChat availability={status.data} correction={refusedStart} onStarted={(id) => (setOpenId(id), setHome(false))} />
          ) : (
            <Text size="sm">Loading…</Text>
          )}
          <PastConversations conversations={conversations} onOpen={setOpenId} />
        </Stack>
      )}
    </Paper>
  );
}

function ConversationActions({ id, closed }: { id: string; closed: boolean }) {
  const queryClient = useQueryClient();
  return (
    <>
      <ActionIcon
        variant="subtle"
        aria-label="E-mail me the transcript"
        title="E-mail me the transcript"
        onClick={() =>
          void emailTranscript('person', id)
            .then(() => showSuccessToast({ message: 'The transcript is on its way to your e-mail.' }))
            .catch(() => showDangerToast({ message: 'The transcript could not be sent.' }))
        }
      >
        <IconMail size={18} />
      </ActionIcon>
      {!closed && (
        <Button
          size="compact-xs"
          variant="default"
          onClick={() => void closeConversation('person', id).then(() => queryClient.invalidateQueries({ queryKey: [CHAT_RESOURCE] }))}
        >
          End chat
        </Button>
      )}
    </>
  );
}

function AdviceLine({ number }: { number: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <IconPhone size={16} />
      <Text size="sm">
        24/7 HR and H&S advice line: <Anchor href={`tel:${number.replace(/\s/g, '')}`}>{number}</Anchor>
      </Text>
    </Group>
  );
}

type StartChatProps = { availability: ChatAvailability; correction: OutboxItemSummary | null; onStarted: (id: string) => void };

function StartChat({ availability, correction: refused, onStarted }: StartChatProps) {
  const queryClient = useQueryClient();
  const [correction, setCorrection] = useState(refused);
  const queued = correctionRecord(correction);
  const [errors, setErrors] = useState(() => correctionErrors(correction));
  // The team written to, unless the person may no longer write to it (the server's words say why).
  const [team, setTeam] = useState<ChatTeam>(
    availability.teams.find((known) => known === queued?.team) ?? availability.teams[0] ?? 'support',
  );
  const [message, setMessage] = useState(typeof queued?.message === 'string' ? queued.message : '');
  const [confirmed, setConfirmed] = useState(queued?.confirmed === true);
  const [sending, setSending] = useState(false);
  const [sentAsRequest, setSentAsRequest] = useState<string | null>(null);
  const blocked = (availability.needs_confirmation && !confirmed) || !message.trim();

  async function send() {
    setSending(true);
    try {
      const result = await startChat({ team, message: message.trim(), confirmed });
      setMessage('');
      finishCorrection(correction);
      setCorrection(null);
      setErrors(undefined);
      if (isQueuedResponse(result)) {
        showSuccessToast({ message: 'No connection: your message waits in the outbox and is sent when you are back online.' });
      } else if (result.kind === 'contact_request') {
        setSentAsRequest(result.opens_at);
      } else {
        await queryClient.invalidateQueries({ queryKey: [CHAT_RESOURCE] });
        onStarted(result.conversation.id);
      }
    } catch (error) {
      showDangerToast({ message: (error as Error).message || 'The message could not be sent.' });
    } finally {
      setSending(false);
    }
  }

  if (sentAsRequest !== null) {
    return (
      <Alert color="green" title="Message sent" data-testid="chat-request-sent">
        We are away, so your message went to the {CHAT_TEAM_LABELS[team]} as a contact request: they will reply by e-mail
        {sentAsRequest ? ` when they are back (${opensAtText(sentAsRequest)})` : ''}.
      </Alert>
    );
  }

  return (
    <Stack gap="sm">
      {availability.open ? (
        <Text size="sm">We are here 9:00–17:00, Monday to Friday. Ask us anything about Stafflane.</Text>
      ) : (
        <Alert color="yellow" title="We are away right now" data-testid="chat-closed">
          <Stack gap={6}>
            <Text size="sm">
              Live chat is open 9:00–17:00 London time, Monday to Friday (not bank holidays).
              {availability.opens_at ? ` We are back ${opensAtText(availability.opens_at)}.` : ''}
            </Text>
            <Text size="sm">Leave a message and we will reply by e-mail.</Text>
            <AdviceLine number={availability.advice_line} />
          </Stack>
        </Alert>
      )}
      <CorrectionNotice item={correction} what="message" />
      {availability.teams.length > 1 && (
        <SegmentedControl
          aria-label="Team"
          fullWidth
          size="xs"
          value={team}
          onChange={(value) => (setTeam(value as ChatTeam), setErrors((current) => ({ ...current, team: [] })))}
          data={availability.teams.map((value) => ({ value, label: CHAT_TEAM_LABELS[value] }))}
        />
      )}
      {errors?.team?.[0] && (
        <Text size="sm" c="red.8">
          {errors.team[0]}
        </Text>
      )}
      <Textarea
        label="Your message"
        autosize
        minRows={3}
        maxRows={6}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        value={message}
        error={errors?.message?.[0]}
        onChange={(event) => (setMessage(event.currentTarget.value), setErrors((current) => ({ ...current, message: [] })))}
      />
      {availability.needs_confirmation && (
        <Checkbox
          label={CHAT_CONFIRMATION}
          checked={confirmed}
          error={errors?.confirmed?.[0]}
          onChange={(event) => setConfirmed(event.currentTarget.checked)}
        />
      )}
      <Button onClick={() => void send()} loading={sending} disabled={blocked}>
        {availability.open ? 'Start chat' : 'Send message'}
      </Button>
    </Stack>
  );
}

function PastConversations({ conversations, onOpen }: { conversations: ChatConversationSummary[]; onOpen: (id: string) => void }) {
  if (conversations.length === 0) return null;
  return (
    <Stack gap={6}>
      <Title order={3} size="h6">
        Your conversations
      </Title>
      {conversations.map((conversation) => (
        <UnstyledButton key={conversation.id} onClick={() => onOpen(conversation.id)} className="chat-list-item">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" fw={500}>
              {CHAT_TEAM_LABELS[conversation.team]}
            </Text>
            <Group gap={4} wrap="nowrap">
              {conversation.unread > 0 && (
                <Badge size="xs" color="red">
                  {conversation.unread}
                </Badge>
              )}
              <Badge size="xs" variant="light" color={conversation.status === 'closed' ? 'gray' : 'blue'}>
                {ChatStatusLabels[conversation.status]}
              </Badge>
            </Group>
          </Group>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {new Date(conversation.last_message_at).toLocaleDateString('en-GB')} · {conversation.last_message}
          </Text>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
