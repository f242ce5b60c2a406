// The claims of one page as cards (they read well on a phone): what, whose, when, how much,
// the status, and a tick box for bulk approval on the claims the caller may approve.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import { Anchor, Badge, Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { CLAIM_KIND_LABELS, CLAIM_STATUS_LABELS, type ExpenseClaim } from '../expenses.contract';
import { formatPounds } from '../../../shared/money';
import { claimDates, claimTitle, personName, STATUS_COLOURS } from './claim-format';

export function ClaimStatusBadge({ status }: { status: ExpenseClaim['status'] }) {
  return (
    <Badge color={STATUS_COLOURS[status]} variant="light" style={{ flex: 'none' }}>
      {CLAIM_STATUS_LABELS[status]}
    </Badge>
  );
}

type Props = {
  claims: ExpenseClaim[];
  showPerson: boolean;
  selected: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
};

export function ClaimRows({ claims, showPerson, selected, onToggle }: Props) {
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Claims">
      {claims.map((claim) => {
        const amount = claim.approved_total !== null && claim.approved_total !== claim.total ? claim.approved_total : claim.total;
        return (
          <Card key={claim.id} component="li" withBorder radius="md" padding="sm" data-testid="claim-row">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
              <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
                {claim.can_approve && (
                  <Checkbox
                    mt={4}
                    checked={selected.has(claim.id)}
                    onChange={(event) => onToggle(claim.id, event.currentTarget.checked)}
                    aria-label={`Select ${personName(claim.user)}'s claim ${claimTitle(claim)}`}
                  />
                )}
                <Stack gap={2} miw={0}>
                  <Anchor fw={600} size="sm" renderRoot={(props) => <Link {...props} to="/expense/$id" params={{ id: claim.id }} />}>
                    {claimTitle(claim)}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {[showPerson ? personName(claim.user) : null, CLAIM_KIND_LABELS[claim.claim_type], claimDates(claim)]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                  {claim.receipt_count > 0 && (
                    <Group gap={4}>
                      <IconPaperclip size={12} aria-hidden="true" />
                      <Text size="xs" c="dimmed">
                        {claim.receipt_count} receipt{claim.receipt_count === 1 ? '' : 's'}
                      </Text>
                    </Group>
                  )}
                </Stack>
              </Group>
              <Stack gap={4} align="flex-end" style={{ flex: 'none' }}>
                <Text fw={700} size="sm">
                  {formatPounds(amount)}
                </Text>
                <ClaimStatusBadge status={claim.status} />
              </Stack>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
