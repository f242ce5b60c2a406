// /admin/administrators: Stafflane's administrators, inviting another by e-mail and removing
// one (never yourself, never the last), and the support teams whose chats each one answers.
// Every administrator is asked for a code at sign-in.
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import { Badge, Button, Checkbox, Modal, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../client/api/api-client';
import { getToken } from '../../../client/auth/token-store';
import { readTokenClaims } from '../../../client/auth/token-claims';
import { PageHeading } from '../../../client/ui/page-heading';
import { usePageTitle } from '../../../client/shell/page-title';
import { showSuccessToast } from '../../../client/shell/toasts';
import { RemoveDialog } from '../../../client/ui/confirm-dialog';
import { FormFooter } from '../../../client/ui/form-footer';
import { QueryRows } from '../../../client/ui/query-rows';
import { RowsView } from '../../../client/ui/rows-view';
import { DATE_FORMATS, formatLondon } from '../../../shared/dates';
import { CHAT_TEAM_LABELS, CHAT_TEAMS, type ChatTeam } from '../../chat/chat.contract';
import type { Administrator } from '../administrators.contract';
import { administratorsQueryOptions, inviteAdministratorMutationOptions, removeAdministratorMutationOptions } from './administrators.api';
import { supportTeamsQueryOptions, updateSupportTeamsMutationOptions } from './support-teams.api';

export function AdministratorsPage() {
  usePageTitle('Administrators');
  const queryClient = useQueryClient();
  const me = readTokenClaims(getToken())?.user_id;
  const list = useQuery(administratorsQueryOptions());
  const teams = useQuery(supportTeamsQueryOptions());
  const teamsOf = new Map((teams.data?.results ?? []).map((member) => [member.user_id, member.teams]));
  const remove = useMutation(removeAdministratorMutationOptions(queryClient));
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<Administrator | null>(null);
  const [editingTeams, setEditingTeams] = useState<Administrator | null>(null);

  return (
    <Stack gap="lg">
      <PageHeading
        title="Administrators"
        description="Stafflane staff who run the platform. Each is asked for a code sent to them every time they sign in."
        action={<Button onClick={() => setInviting(true)}>Invite an administrator</Button>}
      />
      <Paper withBorder radius="lg" p="md">
        <QueryRows query={list} rows={list.data?.results} what="administrators" empty="No administrators.">
          {(rows) => (
            <RowsView
              label="Administrators"
              rows={rows}
              minWidth={760}
              titleOf={(administrator) => `${administrator.first_name} ${administrator.surname}`}
              columns={[
                {
                  label: 'Name',
                  strong: true,
                  render: (administrator) =>
                    `${administrator.first_name} ${administrator.surname}${administrator.id === me ? ' (you)' : ''}`,
                },
                { label: 'E-mail', render: (administrator) => administrator.email },
                {
                  label: 'Status',
                  nowrap: true,
                  render: (administrator) => (
                    <Badge
                      variant="light"
                      color={administrator.status === 'active' ? 'green' : 'yellow'}
                      style={{ flexShrink: 0, overflow: 'visible' }}
                    >
                      {administrator.status === 'active' ? 'Active' : 'Invited'}
                    </Badge>
                  ),
                },
                {
                  label: 'Support teams',
                  render: (administrator) => (
                    <TeamsCell teams={teamsOf.get(administrator.id)} loading={teams.isPending} failed={teams.isError} />
                  ),
                },
                {
                  label: 'Last active',
                  render: (administrator) =>
                    administrator.last_active_at ? formatLondon(administrator.last_active_at, DATE_FORMATS.dateTime) : 'Never',
                },
              ]}
              actions={(administrator) => (
                <>
                  {teams.data && (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setEditingTeams(administrator)}
                      aria-label={`Change the support teams of ${administrator.first_name} ${administrator.surname}`}
                    >
                      Teams
                    </Button>
                  )}
                  {administrator.id !== me && (
                    <Button size="xs" variant="default" color="red" onClick={() => setRemoving(administrator)}>
                      Remove
                    </Button>
                  )}
                </>
              )}
            />
          )}
        </QueryRows>
      </Paper>
      <InviteAdministratorModal opened={inviting} onClose={() => setInviting(false)} />
      {editingTeams && (
        <SupportTeamsModal
          administrator={editingTeams}
          teams={teamsOf.get(editingTeams.id) ?? []}
          isMe={editingTeams.id === me}
          onClose={() => setEditingTeams(null)}
        />
      )}
      <RemoveDialog
        item={removing}
        title="Remove administrator"
        message={(person) =>
          `Remove ${person.first_name} ${person.surname}? They are signed out at once and cannot sign in again; what they did stays in the audit log.`
        }
        removal={remove}
        removed={(person) => `${person.first_name} ${person.surname} is no longer an administrator.`}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}

function InviteAdministratorModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const invite = useMutation(inviteAdministratorMutationOptions(queryClient));
  const [values, setValues] = useState({ first_name: '', surname: '', email: '' });
  const errors = isApiError(invite.error, 422) ? (invite.error.fieldErrors ?? {}) : {};
  const close = () => {
    setValues({ first_name: '', surname: '', email: '' });
    invite.reset();
    onClose();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    invite.mutate(values, {
      onSuccess: (invited) => {
        showSuccessToast({ message: `An invitation has gone to ${invited.email}.` });
        close();
      },
    });
  };
  return (
    <Modal opened={opened} onClose={close} title="Invite an administrator">
      <form onSubmit={submit} noValidate aria-label="Invite an administrator">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="First name"
              required
              value={values.first_name}
              onChange={(e) => setValues({ ...values, first_name: e.currentTarget.value })}
              error={errors.first_name?.[0]}
            />
            <TextInput
              label="Surname"
              required
              value={values.surname}
              onChange={(e) => setValues({ ...values, surname: e.currentTarget.value })}
              error={errors.surname?.[0]}
            />
          </SimpleGrid>
          <TextInput
            label="E-mail"
            type="email"
            required
            value={values.email}
            onChange={(e) => setValues({ ...values, email: e.currentTarget.value })}
            error={errors.email?.[0]}
          />
          <FormFooter
            submitting={invite.isPending}
            onCancel={close}
            label="Send invitation"
            problem={invite.error && !isApiError(invite.error, 422) ? invite.error.message : null}
          />
        </Stack>
      </form>
    </Modal>
  );
}

function TeamsCell({ teams, loading, failed }: { teams: ChatTeam[] | undefined; loading: boolean; failed: boolean }) {
  if (loading) return <Text size="sm">Loading...</Text>;
  if (failed)
    return (
      <Text size="sm" c="red">
        Not loaded
      </Text>
    );
  if (!teams?.length)
    return (
      <Text size="sm" c="dimmed">
        None: hears no chats
      </Text>
    );
  return <Text size="sm">{teams.map((team) => CHAT_TEAM_LABELS[team]).join(', ')}</Text>;
}

/** The teams whose live chats the administrator sees and answers in /admin/chat. */
function SupportTeamsModal({
  administrator,
  teams,
  isMe,
  onClose,
}: {
  administrator: Administrator;
  teams: ChatTeam[];
  isMe: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const update = useMutation(updateSupportTeamsMutationOptions(queryClient));
  const [chosen, setChosen] = useState<ChatTeam[]>(teams);
  const errors = isApiError(update.error, 422) ? (update.error.fieldErrors ?? {}) : {};
  const name = `${administrator.first_name} ${administrator.surname}`;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate(
      { id: administrator.id, teams: chosen },
      {
        onSuccess: () => {
          showSuccessToast({ message: isMe ? 'Your support teams are saved.' : `${name}’s support teams are saved.` });
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={isMe ? 'Your support teams' : `Support teams of ${name}`}>
      <form onSubmit={submit} noValidate aria-label="Support teams">
        <Stack gap="md">
          <Checkbox.Group
            label="Teams"
            description="New live chats to a team reach its members in /admin/chat. With no team, no chat reaches them."
            value={chosen}
            onChange={(value) => setChosen(CHAT_TEAMS.filter((team) => value.includes(team)))}
            error={errors.teams?.[0]}
          >
            <Stack gap="xs" mt="xs">
              {CHAT_TEAMS.map((team) => (
                <Checkbox key={team} value={team} label={CHAT_TEAM_LABELS[team]} />
              ))}
            </Stack>
          </Checkbox.Group>
          <FormFooter
            submitting={update.isPending}
            onCancel={onClose}
            label="Save teams"
            problem={update.error && !isApiError(update.error, 422) ? update.error.message : null}
          />
        </Stack>
      </form>
    </Modal>
  );
}
