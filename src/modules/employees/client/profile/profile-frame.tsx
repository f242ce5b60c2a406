// The frame of a profile (/employee/{id}, /profile): a header card with the person's
// picture, name, job, department, location, status, termination date and e-mail, the
// actions the viewer may take, and the record tabs below. Not found and not allowed are
// answers, shown as such.
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Skeleton.css';
import { Alert, Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '../../../../client/api/api-client';
import { usePageTitle } from '../../../../client/shell/page-title';
import { DATE_FORMATS, formatCalendarDate, londonDate } from '../../../../shared/dates';
import type { UserBasic } from '../../directory.contract';
import { userQueryOptions } from '../directory.api';
import { fullName } from '../directory/directory-table';
import { PersonAvatar } from '../directory/person-avatar';
import { StatusBadge } from '../directory/status-badge';
import { ProfileActions } from './profile-actions';
import { ProfileSections } from './profile-sections';
import { ResetTwoFactor } from './reset-two-factor';
import { SignInAccess } from './sign-in-access';

export const PROFILE_NOT_FOUND = 'This employee could not be found. They may belong to another company, or the link may be wrong.';
export const PROFILE_NOT_ALLOWED = 'You are not allowed to view this employee.';

type Props = {
  userId: string;
  self: boolean;
  title?: string;
  /** Something drawn above the tabs is still on its way: the frame waits for it rather than be pushed down by it. */
  holding?: boolean;
  children?: ReactNode;
};

export function ProfileFrame({ userId, self, title, holding = false, children }: Props) {
  const user = useQuery(userQueryOptions(userId));
  usePageTitle(title ?? (user.data ? fullName(user.data) : 'Employee'));

  if (user.isPending || holding) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading the profile">
        <Skeleton height={140} radius="md" />
        <Skeleton height={36} radius="sm" />
        <Skeleton height={200} radius="md" />
      </Stack>
    );
  }
  if (user.isError) {
    const message = isApiError(user.error, 404)
      ? PROFILE_NOT_FOUND
      : isApiError(user.error, 403)
        ? PROFILE_NOT_ALLOWED
        : 'The profile could not be loaded. Please check your connection and try again.';
    return (
      <Alert color="red" role="alert" title="Profile unavailable">
        {message}
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <ProfileHeader user={user.data} self={self} />
      {children}
      <ProfileSections userId={userId} self={self} />
    </Stack>
  );
}

function terminationLine(date: string): string {
  const formatted = formatCalendarDate(date, DATE_FORMATS.date);
  return date < londonDate(new Date()) ? `Left on ${formatted}` : `Leaves on ${formatted}`;
}

function ProfileHeader({ user, self }: { user: UserBasic; self: boolean }) {
  const name = fullName(user);
  const place = [user.department?.name, user.location?.name].filter(Boolean).join(' · ');
  return (
    <Card withBorder padding="lg" radius="md">
      <Group justify="space-between" align="flex-start" gap="md" wrap="nowrap">
        <Group gap="md" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
          <PersonAvatar userId={user.id} name={name} image={user.profile_image} size={72} />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Title>
              <StatusBadge status={user.status} />
            </Group>
            {user.job_title && <Text fw={500}>{user.job_title}</Text>}
            {place && <Text c="dimmed">{place}</Text>}
            <Anchor href={`mailto:${user.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Anchor>
            {user.termination_date && (
              <Text size="sm" c="red" fw={500}>
                {terminationLine(user.termination_date)}
                {user.termination_reason ? ` (${user.termination_reason.name})` : ''}
              </Text>
            )}
            <SignInAccess user={user} self={self} />
            <ResetTwoFactor userId={user.id} name={name} self={self} />
          </Stack>
        </Group>
        <ProfileActions user={user} self={self} />
      </Group>
    </Card>
  );
}
