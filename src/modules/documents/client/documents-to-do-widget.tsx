// Dashboard card "Documents for you": how many documents wait for the user in each area, each
// kind by its name (to sign, to acknowledge, to read), linking to the area. Docs-only users
// always see it (their dashboard is documents); others only when something waits.
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { DashboardWidgetProps } from '../../../client/shell/dashboard/dashboard-widget';
import { queryRead, type QueryRead } from '../../../client/api/read-batch';
import { can } from '../../../client/ui/permission-guard';
import { DOCUMENT_ENDPOINT, type DocumentArea, type DocumentToDoCounts, type DocumentToDoKind } from '../documents.contract';
import { documentToDoQueryOptions } from './documents.api';

const AREA_NAMES: Record<DocumentArea, string> = { hr: 'HR', hs: 'H&S' };
const KINDS: { kind: DocumentToDoKind; verb: string }[] = [
  { kind: 'to_sign', verb: 'to sign' },
  { kind: 'to_acknowledge', verb: 'to acknowledge' },
  { kind: 'to_read', verb: 'to read' },
];

export type DocumentToDoLine = { key: string; count: number; label: string; href: string };

/** One line per area and kind with something waiting: "2 HR documents to sign". */
export function documentToDoLines(counts: DocumentToDoCounts | undefined, restricted: boolean): DocumentToDoLine[] {
  if (!counts) return [];
  const areaHref: Record<DocumentArea, string> = restricted
    ? { hr: '/hr-documents/hr', hs: '/hs-documents/misc_docs' }
    : { hr: '/hr-documents/documents', hs: '/hs-documents/documents' };
  return (['hr', 'hs'] as const).flatMap((area) =>
    KINDS.filter(({ kind }) => counts[area][kind] > 0).map(({ kind, verb }) => {
      const count = counts[area][kind];
      return {
        key: `${area}-${kind}`,
        count,
        label: `${count} ${AREA_NAMES[area]} ${count === 1 ? 'document' : 'documents'} ${verb}`,
        href: areaHref[area],
      };
    }),
  );
}

const mayRead = (restricted: boolean) => restricted || can({ endpoint: DOCUMENT_ENDPOINT, method: 'GET' });

export const documentsToDoReads = ({ restricted }: DashboardWidgetProps): readonly QueryRead[] =>
  mayRead(restricted) ? [queryRead(documentToDoQueryOptions())] : [];

export function DocumentsToDoWidget({ restricted }: DashboardWidgetProps) {
  const allowed = mayRead(restricted);
  const counts = useQuery({ ...documentToDoQueryOptions(), enabled: allowed });
  const lines = documentToDoLines(counts.data, restricted);
  if (!allowed || (!restricted && lines.length === 0)) return null;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="documents-for-you">
      <Title order={2} fz="h4" id="documents-for-you" mb="sm">
        Documents for you
      </Title>
      {lines.length === 0 ? (
        counts.data && (
          <Group gap="xs" c="dimmed">
            <IconCircleCheck size={20} aria-hidden="true" />
            <Text>No documents wait for you</Text>
          </Group>
        )
      ) : (
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {lines.map((line) => (
            <li key={line.key}>
              <Group gap="xs" wrap="nowrap">
                <Badge color="red" circle={line.count <= 9}>
                  {line.count}
                </Badge>
                <Anchor renderRoot={(props) => <Link {...props} to={line.href} />}>{line.label}</Anchor>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
