// A row of an area's document list: a box to choose it for the zip, its title linking to the
// document, the caller's own status, signing status, folder and tags as badges, whose it is,
// its version, date and size, and "Edit details" in its menu for those who may edit.
import { ActionIcon, Anchor, Badge, Checkbox, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { IconDots, IconPencil } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { DocumentSummary } from '../documents.contract';
import { formatDay, formatSize, MY_STATUS, SIGN_STATUS } from './document-labels';

export function DocumentRow({
  document,
  chosen,
  onChoose,
  onEdit,
}: {
  document: DocumentSummary;
  chosen: boolean;
  onChoose: (value: boolean) => void;
  onEdit?: () => void;
}) {
  const mine = document.my_status ? MY_STATUS[document.my_status] : null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="document-row">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Checkbox
          mt={4}
          checked={chosen}
          onChange={(event) => onChoose(event.currentTarget.checked)}
          aria-label={`Choose ${document.title}`}
        />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Anchor
            fw={600}
            style={{ wordBreak: 'break-word' }}
            renderRoot={(props) => <Link {...props} to="/document/$id" params={{ id: document.id }} />}
          >
            {document.title}
          </Anchor>
          <Group gap={6}>
            {mine && (
              <Badge color={mine.color} variant="light">
                {mine.label}
              </Badge>
            )}
            {document.sign_status && (
              <Badge color={SIGN_STATUS[document.sign_status].color} variant="outline">
                {SIGN_STATUS[document.sign_status].label}
              </Badge>
            )}
            {document.folder && (
              <Badge color="gray" variant="outline">
                {document.folder.name}
              </Badge>
            )}
            {document.tags.map((tag) => (
              <Badge key={tag.id} color="indigo" variant="dot">
                {tag.name}
              </Badge>
            ))}
          </Group>
          <Text size="xs" c="dimmed">
            {document.subject ? `${document.subject.name} · ` : ''}Version {document.version.number} · {formatDay(document.updated_at)} ·{' '}
            {formatSize(document.version.size_bytes)}
          </Text>
        </Stack>
        {onEdit && (
          <Menu position="bottom-end" shadow="md">
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`More for ${document.title}`}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPencil size={14} />} onClick={onEdit}>
                Edit details
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Paper>
  );
}
