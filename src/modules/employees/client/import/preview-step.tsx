// Step 3 of Import people: the counts (new, updated, with errors), the departments, locations
// and job titles the file names that do not exist yet (a checkbox each, or all), whether to
// invite everyone, every row with its problems, and the import button, which stays off while
// any row has a problem. While the import runs, its progress.
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Progress.css';
import { Alert, Badge, Button, Checkbox, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import type { ImportPreview, MissingItems } from '../../people-import.contract';
import { PreviewRows, ROWS_SHOWN } from './preview-rows';

export type Creation = { departments: string[]; locations: string[]; job_titles: string[] };
type Props = {
  preview: ImportPreview;
  creation: Creation;
  invite: boolean;
  stale: boolean;
  busy: boolean;
  progress: { done: number; total: number } | null;
  problem: string | null;
  onCreation: (creation: Creation) => void;
  onInvite: (invite: boolean) => void;
  onPreview: () => void;
  onImport: () => void;
  onBack: () => void;
  onRestart: () => void;
};

const KINDS: { key: keyof MissingItems; singular: string; plural: string }[] = [
  { key: 'departments', singular: 'department', plural: 'Departments' },
  { key: 'locations', singular: 'location', plural: 'Locations' },
  { key: 'job_titles', singular: 'job title', plural: 'Job titles' },
];

function MissingItemsChoice({
  missing,
  creation,
  onCreation,
  disabled,
}: {
  missing: MissingItems;
  creation: Creation;
  onCreation: Props['onCreation'];
  disabled: boolean;
}) {
  const all = KINDS.every(({ key }) => missing[key].every((name) => creation[key].includes(name)));
  const toggle = (key: keyof MissingItems, name: string, on: boolean) =>
    onCreation({ ...creation, [key]: on ? [...creation[key], name] : creation[key].filter((item) => item !== name) });
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={600} size="sm">
        Not in your lists yet
      </Text>
      <Text size="sm" c="dimmed">
        Rows naming these are errors unless you create them.
      </Text>
      <Checkbox
        label="Create all"
        checked={all}
        disabled={disabled}
        onChange={(event) => onCreation(event.currentTarget.checked ? { ...missing } : { departments: [], locations: [], job_titles: [] })}
      />
      {KINDS.filter(({ key }) => missing[key].length > 0).map(({ key, singular, plural }) => (
        <Stack key={key} gap={4} pl="md">
          <Text size="sm" fw={500}>
            {plural}
          </Text>
          <Group gap="md">
            {missing[key].map((name) => (
              <Checkbox
                key={name}
                label={name}
                aria-label={`Create ${singular} ${name}`}
                checked={creation[key].includes(name)}
                disabled={disabled}
                onChange={(event) => toggle(key, name, event.currentTarget.checked)}
              />
            ))}
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}

export function PreviewStep(props: Props) {
  const { preview, creation, invite, stale, busy, progress, problem } = props;
  const { counts } = preview;
  const people = counts.new + counts.updated;
  const running = progress !== null;
  const hasMissing = KINDS.some(({ key }) => preview.missing[key].length > 0);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="import-preview-title">
      <Stack gap="md">
        <Text id="import-preview-title" fw={600}>
          3. Check and import
        </Text>
        <Group gap="xs" aria-label="Counts">
          <Badge color="green" variant="light" size="lg">
            {counts.new} new
          </Badge>
          <Badge color="blue" variant="light" size="lg">
            {counts.updated} updated
          </Badge>
          <Badge color={counts.errors > 0 ? 'red' : 'gray'} variant="light" size="lg">
            {counts.errors} with errors
          </Badge>
        </Group>
        {hasMissing && (
          <MissingItemsChoice missing={preview.missing} creation={creation} onCreation={props.onCreation} disabled={running} />
        )}
        {stale && (
          <Alert color="yellow" role="status">
            You changed what to create: preview again to see the rows as they will be imported.
          </Alert>
        )}
        <Checkbox
          label="Invite everyone by e-mail"
          description="New people (and anyone not yet invited) get an e-mail to set up their account."
          checked={invite}
          disabled={running}
          onChange={(event) => props.onInvite(event.currentTarget.checked)}
        />
        {counts.errors > 0 && (
          <Alert color="red" role="alert" title={`${counts.errors} ${counts.errors === 1 ? 'row has' : 'rows have'} problems`}>
            Nothing is imported until every row is right. Fix the file and choose it again, or create the missing items above.
          </Alert>
        )}
        {problem && (
          <Alert color="red" role="alert" title="Nothing was imported">
            {problem}
          </Alert>
        )}
        {running && (
          <Stack gap={4}>
            <Progress value={progress.total > 0 ? (progress.done / progress.total) * 100 : 0} aria-label="Import progress" animated />
            <Text size="sm" role="status" aria-live="polite">
              Imported {progress.done} of {progress.total} people…
            </Text>
          </Stack>
        )}
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Button variant="default" onClick={props.onRestart} disabled={running}>
              Choose another file
            </Button>
            <Button variant="default" onClick={props.onBack} disabled={running}>
              Change columns
            </Button>
          </Group>
          {stale ? (
            <Button onClick={props.onPreview} loading={busy}>
              Preview
            </Button>
          ) : (
            <Button color="green" onClick={props.onImport} disabled={counts.errors > 0 || people === 0} loading={running}>
              Import {people} {people === 1 ? 'person' : 'people'}
            </Button>
          )}
        </Group>
        {preview.rows.length > ROWS_SHOWN && (
          <Text size="sm" c="dimmed">
            Showing {ROWS_SHOWN} of {preview.rows.length} rows, those with problems first.
          </Text>
        )}
        <PreviewRows rows={preview.rows} />
      </Stack>
    </Paper>
  );
}
