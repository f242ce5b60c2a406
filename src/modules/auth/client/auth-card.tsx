// The frame of the signed-out screens besides /login (reset, change password, welcome): the
// logo and a centred card with the screen's heading.
import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from '../../../client/shell/logo';
import { usePageTitle } from '../../../client/shell/page-title';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Stack component="main" mih="100dvh" align="center" justify="center" gap="lg" px="md" py="xl" bg="#f4f6fb">
      <Logo size={36} />
      <Paper withBorder shadow="sm" radius="lg" p="xl" w="100%" maw="28rem" aria-labelledby="auth-card-heading" component="section">
        <Stack gap="md">
          <Title order={1} fz="h2" id="auth-card-heading">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Stack>
  );
}
