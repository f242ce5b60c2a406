// /admin/chat: the conversations of the administrator's support teams, live — waiting ones
// first. An administrator takes one, answers it (with typing and read marks both ways), ends it,
// and can e-mail themselves the transcript. Nobody sees another team's conversations. Opened from
// the outbox for a refused reply, it opens that conversation with the reply in the composer.
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import { Alert, Badge, Button, Checkbox, Grid, Group, Paper, SegmentedControl, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getToken } from '../../../client/auth/token-store';
import { useCorrection } from '../../../client/offline/outbox-correction';
import { readTokenClaims } from '../../../client/auth/token-claims';
import { useRealtimePollInterval } from '../../../client/realtime/realtime-status';
import { usePageTitle } from '../../../client/shell/page-title';
import { showDangerToast, showSuccessToast } from '../../../client/shell/toasts';
import type { OutboxItemSummary } from '../../../shared/sw-messages';
import {
  ADMIN_CHAT_RESOURCE,
  CHAT_TEAM_LABELS,
  chatMessages,
  ChatStatusLabels,
  type ChatConversationSummary,
  type ChatStatus,
} from '../chat.contract';
import './chat.css';
import {
  CHAT_FORMS,
  closeConversation,
  emailTranscript,
  myTeamsQueryOptions,
  refusedConversationId,
  takeConversation,
  teamConversationsQueryOptions,
  type AdminChatFilters,
} from './chat.api';
import { ChatThread } from './chat-thread';

const STATUS_FILTERS = [
  { value: 'active', label: 'Active' },
  { value: 'waiting', label: 'Waiting' },
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Ended' },
];
const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { timeZone: 'Europe/London', dateStyle: 'short', timeStyle: 'short' });

export function AdminChatPage() {
  usePageTitle('Live chat');
  const correction = useCorrection(CHAT_FORMS.team);
  // A reply refused because the conversation ended is found among the ended ones.
  const [status, setStatus] = useState(correction?.error?.message === chatMessages.closed ? 'closed' : 'active');
  const [mine, setMine] = useState(false);
  const [selected, setSelected] = useState<string | null>(() => refusedConversationId(correction, 'team'));
  const filters: AdminChatFilters = {
    ...(status === 'active' ? {} : { status: status as ChatStatus }),
    ...(mine ? { mine: '1' as const } : {}),
  };
  const list = useQuery({ ...teamConversationsQueryOptions(filters), refetchInterval: useRealtimePollInterval(15_000) });
  const teams = useQuery(myTeamsQueryOptions());
  const conversations = (list.data?.results ?? []).filter((c) => status !== 'active' || c.status !== 'closed');
  const current = conversations.find((c) => c.id === selected) ?? null;

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1}>Live chat</Title>
        <Text c="dimmed" size="sm">
          {teams.data
            ? teams.data.teams.length
              ? `You answer for: ${teams.data.teams.map((team) => CHAT_TEAM_LABELS[team]).join(', ')}.`
              : 'You are not in a support team yet, so no conversations reach you.'
            : ' '}
        </Text>
      </Stack>
      <Group gap="md">
        <SegmentedControl aria-label="Status" size="xs" value={status} onChange={setStatus} data={STATUS_FILTERS} />
        <Checkbox label="Taken by me" checked={mine} onChange={(event) => setMine(event.currentTarget.checked)} />
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap={6} aria-label="Conversations" role="list">
            {list.isPending && <Text size="sm">Loading…</Text>}
            {list.data && conversations.length === 0 && (
              <Text size="sm" c="dimmed">
                No conversations here.
              </Text>
            )}
            {conversations.map((conversation) => (
              <ConversationRow
                key={conversation.id}
                conversation={conversation}
                active={conversation.id === selected}
                onOpen={() => setSelected(conversation.id)}
              />
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {current ? (
            <ConversationPane conversation={current} correction={correction} />
          ) : (
            <Paper withBorder p="lg">
              <Text c="dimmed" size="sm">
                Choose a conversation.
              </Text>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function ConversationRow({ conversation, active, onOpen }: { conversation: ChatConversationSummary; active: boolean; onOpen: () => void }) {
  return (
    <UnstyledButton
      role="listitem"
      className="chat-list-item"
      data-active={active || undefined}
      onClick={onOpen}
      data-testid="admin-chat-row"
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600} lineClamp={1}>
          {conversation.person_name} · {conversation.company_name}
        </Text>
        <Group gap={4} wrap="nowrap">
          {conversation.unread > 0 && (
            <Badge size="xs" color="red">
              {conversation.unread}
            </Badge>
          )}
          <Badge
            size="xs"
            variant="light"
            color={conversation.status === 'waiting' ? 'orange' : conversation.status === 'open' ? 'blue' : 'gray'}
          >
            {ChatStatusLabels[conversation.status]}
          </Badge>
        </Group>
      </Group>
      <Text size="xs" c="dimmed" lineClamp={1}>
        {CHAT_TEAM_LABELS[conversation.team]} · {when(conversation.last_message_at)} · {conversation.last_message}
      </Text>
    </UnstyledButton>
  );
}

function ConversationPane({ conversation, correction }: { conversation: ChatConversationSummary; correction: OutboxItemSummary | null }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const me = readTokenClaims(getToken())?.user_id;
  const refresh = () => queryClient.invalidateQueries({ queryKey: [ADMIN_CHAT_RESOURCE] });
  const run = async (work: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    try {
      await work();
      if (done) showSuccessToast({ message: done });
      await refresh();
    } catch (error) {
      showDangerToast({ message: (error as Error).message || 'That did not work.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <div>
          <Text fw={600}>
            {conversation.person_name} · {conversation.company_name}
          </Text>
          <Text size="xs" c="dimmed">
            {CHAT_TEAM_LABELS[conversation.team]} · started {when(conversation.created_at)}
            {conversation.assigned_name ? ` · taken by ${conversation.assigned_name}` : ''}
          </Text>
        </div>
        <Group gap="xs">
          {conversation.status !== 'closed' && conversation.assigned_to !== me && (
            <Button size="xs" onClick={() => void run(() => takeConversation(conversation.id))} loading={busy}>
              {conversation.assigned_to ? 'Take over' : 'Take'}
            </Button>
          )}
          <Button
            size="xs"
            variant="default"
            onClick={() => void run(() => emailTranscript('team', conversation.id), 'The transcript is on its way to your e-mail.')}
          >
            E-mail transcript
          </Button>
          {conversation.status !== 'closed' && (
            <Button size="xs" variant="default" color="red" onClick={() => void run(() => closeConversation('team', conversation.id))}>
              End chat
            </Button>
          )}
        </Group>
      </Group>
      {conversation.status === 'waiting' && (
        <Alert color="orange" variant="light" mb="xs" p="xs">
          Waiting for someone to take it: replying takes it too.
        </Alert>
      )}
      <ChatThread key={conversation.id} side="team" conversationId={conversation.id} height={460} correction={correction} />
    </Paper>
  );
}
