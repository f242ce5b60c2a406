// /hr-documents and /hs-documents/misc_docs: the documents areas docs-only users land on
// The documents module fills them; until it lands they say so plainly.
import { Paper, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from './page-title';

export const NO_DOCUMENTS_YET = 'Your documents will appear here.';

export function DocumentsAreaPage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <Paper withBorder radius="lg" p="xl">
        <Stack gap={4} align="center" ta="center">
          <Text fw={600}>{NO_DOCUMENTS_YET}</Text>
          <Text c="dimmed" size="sm">
            Documents your employer shares with you, and those waiting for your signature, are listed here.
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
