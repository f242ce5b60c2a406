// "Complete your profile" on /profile (GET /api/user-setup-complete/{me}): the onboarding
// steps with a tick for each one done and, once all are, "Mark as complete" for those who may
// (POST). Hidden once the checklist is complete, or when it cannot be read.
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Progress.css';
import { Alert, Button, Card, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import { IconCircle, IconCircleCheckFilled } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { can } from '../../../../client/ui/permission-guard';
import { completeSetupMutationOptions, refusalMessage, setupChecklistQueryOptions } from '../directory.api';

export function SetupChecklist({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const checklist = useQuery(setupChecklistQueryOptions(userId));
  const complete = useMutation(completeSetupMutationOptions(queryClient));
  if (!checklist.data || checklist.data.complete) return null;
  const { steps } = checklist.data;
  const done = steps.filter((step) => step.done).length;
  const allDone = done === steps.length;
  const mayComplete = can({ endpoint: '/api/user-setup-complete', method: 'POST' });

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="setup-checklist-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="setup-checklist-title">
            Complete your profile
          </Title>
          <Text size="sm" c="dimmed">
            {done} of {steps.length} done
          </Text>
        </Group>
        <Progress value={steps.length ? (done / steps.length) * 100 : 0} aria-label="Profile progress" />
        <List spacing="xs" listStyleType="none">
          {steps.map((step) => (
            <List.Item
              key={step.key}
              icon={
                step.done ? (
                  <IconCircleCheckFilled size={20} color="var(--mantine-color-green-7)" aria-label="Done" />
                ) : (
                  <IconCircle size={20} color="var(--mantine-color-gray-5)" aria-label="To do" />
                )
              }
            >
              {step.label}
            </List.Item>
          ))}
        </List>
        {complete.isError && (
          <Alert color="red" role="alert">
            {refusalMessage(complete.error) ?? 'The checklist could not be completed. Please try again.'}
          </Alert>
        )}
        {allDone &&
          (mayComplete ? (
            <Button
              style={{ alignSelf: 'flex-start' }}
              loading={complete.isPending}
              onClick={() => complete.mutate(userId, { onSuccess: () => showSuccessToast({ message: 'Your profile is complete.' }) })}
            >
              Mark as complete
            </Button>
          ) : (
            <Text size="sm">Every step is done: your HR team will mark your profile as complete.</Text>
          ))}
      </Stack>
    </Card>
  );
}
