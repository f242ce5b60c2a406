// The profile's Documents tab: the person's own documents (contracts, letters, signed copies)
// that the viewer may see, newest first, each linking to the document's page. The documents
// module owns them; this tab reads its API through its contract only.
import '@mantine/core/styles/Badge.css';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { apiFetch } from '../../../../client/api/api-client';
import { DATE_FORMATS, formatLondon } from '../../../../shared/dates';
import type { ListResponse } from '../../../../shared/list';
import { DOCUMENT_RESOURCES, type DocumentSummary } from '../../../documents/documents.contract';
import type { ProfileTabProps } from '../profile/profile-tabs';

const STATUS: Partial<Record<NonNullable<DocumentSummary['my_status']>, string>> = {
  to_sign: 'To sign',
  to_acknowledge: 'To acknowledge',
  signed: 'Signed',
  acknowledged: 'Acknowledged',
};

export default function DocumentsTab({ userId }: ProfileTabProps) {
  const documents = useQuery({
    queryKey: [DOCUMENT_RESOURCES.document, 'person', userId] as const,
    queryFn: ({ signal }) =>
      apiFetch<ListResponse<DocumentSummary>>(`/api/${DOCUMENT_RESOURCES.document}`, {
        signal,
        query: { subject_user_id: userId, limit: 100 },
      }),
  });
  if (documents.isPending) return <Text c="dimmed">Loading…</Text>;
  if (documents.isError) return <Text c="red">The documents could not be loaded.</Text>;
  if (documents.data.results.length === 0) return <Text c="dimmed">No documents about this person yet.</Text>;
  return (
    <Stack gap="xs">
      {documents.data.results.map((document) => (
        <Paper key={document.id} withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Anchor fw={600} renderRoot={(props) => <Link {...props} to="/document/$id" params={{ id: document.id }} />}>
                {document.title}
              </Anchor>
              <Text size="xs" c="dimmed">
                {formatLondon(document.updated_at, DATE_FORMATS.date)}
                {document.sign_status === 'completed' ? ' · signed by all' : ''}
              </Text>
            </Stack>
            {document.my_status && STATUS[document.my_status] && <Badge variant="light">{STATUS[document.my_status]}</Badge>}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
