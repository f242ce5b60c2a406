// The frame every dashboard card shares: a section named by its heading, an optional link
// beside the heading, two skeleton lines while its read loads, and its own "could not be
// loaded" line when the read failed; otherwise the card's content.
import '@mantine/core/styles/Skeleton.css';
import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export type DashboardCardProps = {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  link?: { to: string; label: string };
  loading: boolean;
  /** What the card says when its read failed; null when it did not. */
  failed?: string | null;
  testId?: string;
  children?: ReactNode;
};

export function DashboardCard({ id, title, link, loading, failed = null, testId, children }: DashboardCardProps) {
  const heading = (
    <Title order={2} fz="h4" id={id} mb={link ? undefined : 'sm'}>
      {title}
    </Title>
  );
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={id} data-testid={testId}>
      {link ? (
        <Group justify="space-between" mb="sm" gap="xs">
          {heading}
          <Anchor size="sm" renderRoot={(props) => <Link {...props} to={link.to} />}>
            {link.label}
          </Anchor>
        </Group>
      ) : (
        heading
      )}
      {loading ? (
        <Stack gap="xs" aria-hidden="true">
          <Skeleton h={18} w="60%" />
          <Skeleton h={18} w="40%" />
        </Stack>
      ) : failed !== null ? (
        <Text c="dimmed">{failed}</Text>
      ) : (
        children
      )}
    </Paper>
  );
}
