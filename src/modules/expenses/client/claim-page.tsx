// /expense/{id} (expense notifications land here): one claim — whose, its status and totals,
// warnings for the approver, the items with their receipts beside the figures, the actions the
// caller may take, and its history. A 404 says the claim was not found; a 403 the guard's message.
import '@mantine/core/styles/Skeleton.css';
import { Alert, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';

import { useQuery } from '@tanstack/react-query';

import { useState } from 'react';
import { usePageTitle } from '../../../client/shell/page-title';
import { EventTimeline } from '../../../client/ui/event-timeline';
import { LoadError } from '../../../client/ui/load-error';
import { DATE_FORMATS, formatLondon } from '../../../shared/dates';
import { type ExpenseClaimDetail } from '../expenses.contract';
import { formatPounds } from '../../../shared/money';
import { ClaimActions } from './claim-actions';
import { actionWords, claimDates, claimKindWords, claimTitle, personName, shownDate } from './claim-format';
import { ClaimItems } from './claim-items';
import { ClaimStatusBadge } from './claim-rows';
import { claimQueryOptions } from './expenses.api';
import { BackLink } from '../../../client/ui/back-link';

export const CLAIM_NOT_FOUND = 'This claim was not found.';

function Summary({ claim }: { claim: ExpenseClaimDetail }) {
  const figures = [
    // A claim of receipts and mileage shows each part beside the whole.
    ...(claim.claim_type === 'mixed'
      ? [
          ['Items', formatPounds(claim.items_total)],
          ['Mileage', formatPounds(claim.mileage_total)],
        ]
      : []),
    ['Claimed', formatPounds(claim.total)],
    ...(claim.approved_total !== null ? [['Approved', formatPounds(claim.approved_total)]] : []),
    ...(claim.taxable_total > 0 ? [['Taxable excess', formatPounds(claim.taxable_total)]] : []),
  ];
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label="Summary">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600}>
            {personName(claim.user)}
            {claim.user.department_name ? ` · ${claim.user.department_name}` : ''}
          </Text>
          <ClaimStatusBadge status={claim.status} />
        </Group>
        <Text size="sm" c="dimmed">
          {claimKindWords(claim)} · {claimDates(claim)}
        </Text>
        <SimpleGrid cols={{ base: Math.min(figures.length, 3), xs: figures.length }} spacing="xs">
          {figures.map(([label, value]) => (
            <Stack key={label} gap={0}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text fw={700} size="lg">
                {value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        {claim.reject_reason && claim.status === 'rejected' && (
          <Alert color="red" title="Rejected">
            {claim.reject_reason}
          </Alert>
        )}
        {claim.paid_on && <Text size="sm">Paid on {shownDate(claim.paid_on)}</Text>}
        {claim.exported_at && <Text size="sm">Exported to payroll on {formatLondon(claim.exported_at, DATE_FORMATS.date)}</Text>}
        {claim.warnings.length > 0 && claim.status === 'submitted' && (
          <Alert color="orange" title="Check before approving">
            <Stack gap={2}>
              {claim.warnings.map((warning) => (
                <Text key={warning} size="sm">
                  {warning}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** Shown to the claimant when their company paid less than HMRC's approved mileage rates in a tax year. */
function MileageRelief({ claim }: { claim: ExpenseClaimDetail }) {
  // A claim kept offline from before the server said this has no such list.
  const years = (claim.mileage_relief as ExpenseClaimDetail['mileage_relief'] | undefined)?.filter((year) => year.relief > 0) ?? [];
  if (years.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="mileage-relief">
      <Stack gap="xs">
        <Title order={2} fz="h4" id="mileage-relief">
          Mileage Allowance Relief
        </Title>
        {years.map((year) => (
          <Text key={year.tax_year} size="sm">
            {year.tax_year}: you can claim tax relief on <strong>{formatPounds(year.relief)}</strong> so far: HMRC’s approved{' '}
            {formatPounds(year.approved)} for your approved journeys less the {formatPounds(year.paid)} paid.
          </Text>
        ))}
        <Text size="sm" c="dimmed">
          Your company pays less than HMRC’s mileage rates. Claim the relief from HMRC with form P87 (“Claim tax relief for your job
          expenses” on GOV.UK) or in your Self Assessment tax return.
        </Text>
      </Stack>
    </Paper>
  );
}

function History({ claim }: { claim: ExpenseClaimDetail }) {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="claim-history">
      <Title order={2} fz="h4" id="claim-history" mb="sm">
        History
      </Title>
      <EventTimeline events={claim.events} wordsOf={actionWords} />
    </Paper>
  );
}

export function ClaimPage({ id }: { id: string }) {
  const claim = useQuery(claimQueryOptions(id));
  const [amounts, setAmounts] = useState<Record<string, number | string>>({});
  const data = claim.data;
  usePageTitle(data ? `${claimTitle(data)}: ${personName(data.user)}` : 'Expense claim');

  let body;
  if (claim.isPending) {
    body = (
      <Stack gap="sm" aria-busy="true" aria-label="Loading the claim">
        <Skeleton h={140} radius="lg" />
        <Skeleton h={200} radius="lg" />
      </Stack>
    );
  } else if (claim.isError) {
    body = <LoadError what="claim" error={claim.error} onRetry={() => void claim.refetch()} notFound={CLAIM_NOT_FOUND} forbidden />;
  } else {
    const deciding = claim.data.can_approve;
    body = (
      <Stack gap="md">
        <Summary claim={claim.data} />
        <ClaimActions claim={claim.data} amounts={amounts} />
        <ClaimItems
          claim={claim.data}
          {...(deciding
            ? { amounts, onAmount: (itemId: string, value: number | string) => setAmounts((current) => ({ ...current, [itemId]: value })) }
            : {})}
        />
        <MileageRelief claim={claim.data} />
        <History claim={claim.data} />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <BackLink to="/expenses">Back to expenses</BackLink>
        <Title order={1}>{data ? claimTitle(data) : 'Expense claim'}</Title>
      </Stack>
      {body}
    </Stack>
  );
}
