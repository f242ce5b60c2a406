// The company's policy templates, each in plain words with how many employees have it and
// which one new employees get by default. A template in use cannot be deleted (the server
// says how many have it, in the dialog). Read-only without PUT.
import '@mantine/core/styles/Badge.css';
import { Alert, Badge, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { can } from '../../../../client/ui/permission-guard';
import { RowActions } from '../../../../client/ui/rows-view';
import { type PolicyTemplate } from '../../leave-settings.contract';
import { LEAVE_RESOURCES } from '../../leave.contract';
import { policyTemplatesQueryOptions } from '../leave-settings.api';
import { ConfirmDelete, SettingsHeading } from './form-parts';
import { FormModal } from '../../../../client/ui/form-modal';
import { PolicyForm } from './policy-form';
import { describePolicy } from './policy-summary';

const ENDPOINT = '/api/absence-policy-template';

export function PoliciesTab() {
  const templates = useQuery(policyTemplatesQueryOptions());
  const [editing, setEditing] = useState<{ template: PolicyTemplate | null } | null>(null);
  const [deleting, setDeleting] = useState<PolicyTemplate | null>(null);
  const mayEdit = can({ endpoint: ENDPOINT, method: 'PUT' });
  const mayCreate = can({ endpoint: ENDPOINT, method: 'POST' });
  const mayDelete = can({ endpoint: ENDPOINT, method: 'DELETE' });

  return (
    <Stack gap="md">
      <SettingsHeading
        title="Policies"
        description="How much leave people get and how it builds up. Each employee has one policy."
        addLabel="Add policy"
        onAdd={mayCreate ? () => setEditing({ template: null }) : null}
      />
      {templates.isPending && <Loader size="sm" aria-label="Loading" />}
      {templates.isError && <Alert color="red">The policies could not be loaded.</Alert>}
      {templates.data?.length === 0 && <Text>No policies yet.</Text>}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {templates.data?.map((template) => (
          <Paper key={template.id} withBorder radius="md" p="md" component="section" aria-label={template.name}>
            <Stack gap="xs">
              <Group gap="xs" justify="space-between">
                <Title order={3} size="h4">
                  {template.name}
                </Title>
                {template.is_default && <Badge variant="light">Default</Badge>}
              </Group>
              <Stack gap={2} component="ul" m={0} pl="md">
                {describePolicy(template).map((line) => (
                  <Text component="li" size="sm" key={line}>
                    {line}
                  </Text>
                ))}
              </Stack>
              <Text size="sm" c="dimmed">
                Assigned to {template.users_count} employee{template.users_count === 1 ? '' : 's'}
              </Text>
              {(mayEdit || mayDelete) && (
                <Group gap="xs">
                  <RowActions
                    name={template.name}
                    onEdit={mayEdit ? () => setEditing({ template }) : null}
                    onDelete={mayDelete ? () => setDeleting(template) : null}
                  />
                </Group>
              )}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <FormModal opened={editing !== null} title={editing?.template ? 'Edit policy' : 'Add policy'} onClose={() => setEditing(null)}>
        <PolicyForm template={editing?.template ?? null} onClose={() => setEditing(null)} />
      </FormModal>
      <ConfirmDelete
        resource={LEAVE_RESOURCES.policyTemplate}
        itemLabel="policy"
        item={deleting && { id: deleting.id, title: deleting.name }}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
