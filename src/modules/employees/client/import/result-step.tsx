// Step 4 of Import people: what the import did, with links to the people and the directory.
import { Alert, Anchor, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ImportResult } from '../../people-import.contract';

const SHOWN = 50;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function ResultStep({ result, onAgain }: { result: ImportResult; onAgain: () => void }) {
  const created = [
    ...result.created_items.departments.map((name) => `department ${name}`),
    ...result.created_items.locations.map((name) => `location ${name}`),
    ...result.created_items.job_titles.map((name) => `job title ${name}`),
  ];
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="import-result-title">
      <Stack gap="md">
        <Alert color="green" role="status" id="import-result-title" title="Import complete">
          {plural(result.created, 'person', 'people')} added, {plural(result.updated, 'person', 'people')} updated
          {result.invited > 0 ? `, ${plural(result.invited, 'invitation', 'invitations')} sent` : ''}.
        </Alert>
        {created.length > 0 && <Text size="sm">Created: {created.join(', ')}.</Text>}
        <List size="sm" spacing={2} aria-label="People imported">
          {result.people.slice(0, SHOWN).map((person) => (
            <List.Item key={person.id}>
              <Anchor renderRoot={(props) => <Link {...props} to="/employee/$id" params={{ id: person.id }} />}>{person.name}</Anchor>{' '}
              <Text span size="xs" c="dimmed">
                {person.action === 'new' ? 'added' : 'updated'}
              </Text>
            </List.Item>
          ))}
        </List>
        {result.people.length > SHOWN && <Text size="sm">…and {result.people.length - SHOWN} more.</Text>}
        <Group justify="space-between">
          <Button variant="default" onClick={onAgain}>
            Import another file
          </Button>
          <Button renderRoot={(props) => <Link {...props} to="/employees" />}>Open the employee directory</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
