// A titled part of a record's page (a task's or an incident's details, its evidence, its
// history): a bordered panel that is a section named by its heading.
import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function RecordSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={title}>
      <Title order={2} fz="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
