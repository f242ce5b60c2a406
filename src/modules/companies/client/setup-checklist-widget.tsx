// Dashboard card "Set up your company", for owners and HR admins of a company with steps still
// to do: add a location, add departments, check the leave policy, add people (from a
// spreadsheet at Settings › Import people, or one at a time) — each ticked when done and
// linking to its screen. Gone once every step is done.
import { Anchor, Group, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { queryRead, type QueryRead } from '../../../client/api/read-batch';
import { can } from '../../../client/ui/permission-guard';
import type { SetupStep } from '../companies.policy';
import { COMPANY_SETUP_ENDPOINT } from '../setup.contract';
import { setupChecklistQueryOptions } from './companies.api';

const STEPS: Record<SetupStep, { label: string; hint: string; to: string; or?: { label: string; to: string } }> = {
  locations: { label: 'Add your locations', hint: 'Where people work', to: '/settings/locations' },
  departments: { label: 'Add your departments', hint: 'Teams, and who manages them', to: '/settings/departments' },
  leave_policy: { label: 'Check your leave policy', hint: 'The leave year and allowances', to: '/settings/absence-and-leave-settings' },
  people: {
    label: 'Import your people',
    hint: 'From a spreadsheet, then send their invitations',
    to: '/settings/import-people',
    or: { label: 'add an employee', to: '/employees' },
  },
};

const mayRead = () => can({ endpoint: COMPANY_SETUP_ENDPOINT, method: 'GET' });
const checklistQuery = () => ({ ...setupChecklistQueryOptions(), meta: { errorToast: false } });

export const setupChecklistReads = (): readonly QueryRead[] => (mayRead() ? [queryRead(checklistQuery())] : []);

export function SetupChecklistWidget() {
  const allowed = mayRead();
  const checklist = useQuery({ ...checklistQuery(), enabled: allowed });
  if (!allowed || !checklist.data || checklist.data.complete) return null;
  const done = checklist.data.steps.filter((step) => step.done).length;

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="setup-checklist">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="h4" id="setup-checklist">
            Set up your company
          </Title>
          <Text size="sm" c="dimmed">
            {done} of {checklist.data.steps.length} done
          </Text>
        </Group>
        <Progress value={(done / checklist.data.steps.length) * 100} aria-hidden />
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {checklist.data.steps.map((step) => {
            const copy = STEPS[step.key];
            return (
              <Group key={step.key} component="li" gap="sm" wrap="nowrap" data-done={step.done || undefined}>
                <ThemeIcon variant={step.done ? 'filled' : 'light'} color={step.done ? 'green' : 'gray'} radius="xl" size="md" aria-hidden>
                  {step.done ? <IconCheck size={16} /> : <IconCircleDashed size={16} />}
                </ThemeIcon>
                <Stack gap={0} miw={0}>
                  <Anchor
                    fw={600}
                    size="sm"
                    td={step.done ? 'line-through' : undefined}
                    renderRoot={(props) => <Link {...props} to={copy.to} />}
                  >
                    {copy.label}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {step.done ? 'Done' : copy.hint}
                    {!step.done && copy.or && (
                      <>
                        {', or '}
                        <Anchor size="xs" renderRoot={(props) => <Link {...props} to={copy.or?.to} />}>
                          {copy.or.label}
                        </Anchor>
                      </>
                    )}
                  </Text>
                </Stack>
              </Group>
            );
          })}
        </Stack>
      </Stack>
    </Paper>
  );
}
