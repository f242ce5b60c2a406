// /expenses: my claims, the claims waiting for me, and (for managers and up) everyone's in my
// reach — with filters in the address, bulk approval, the export of the filtered list, and the
// claims still waiting in the outbox. "New claim" opens the form.
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Skeleton.css';
import { Button, Group, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { QueuedWrites } from '../../../client/offline/queued-writes';
import { usePageTitle } from '../../../client/shell/page-title';
import { showDangerToast, showSuccessToast } from '../../../client/shell/toasts';
import { can } from '../../../client/ui/permission-guard';
import { ConfirmDialog } from '../../../client/ui/confirm-dialog';
import { LoadError } from '../../../client/ui/load-error';
import { SelectionBar } from '../../../client/ui/selection-bar';
import { londonDate } from '../../../shared/dates';
import { EXPENSE_ENDPOINT, expensePaths, type ClaimView } from '../expenses.contract';
import { ClaimFilters } from './claim-filters';
import { ClaimRows } from './claim-rows';
import { parseClaimsSearch, toClaimFilters, type ClaimsSearch } from './claims-search';
import {
  bulkApproveMutationOptions,
  CLAIM_PAGE_SIZE,
  claimListPageQueryOptions,
  claimListQueryOptions,
  refusalMessage,
} from './expenses.api';
import { useQueuedClaims } from './queued-claims';
import { saveFile } from '../../../client/api/downloads';
import { EXPENSES_SCREEN } from './expenses.screens';

function useClaimsSearch(): [ClaimsSearch, (next: ClaimsSearch) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const key = JSON.stringify(location.search);
  // Parsed once per address, so the object is stable between renders.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const search = useMemo(() => parseClaimsSearch(location.search as Record<string, unknown>), [key]);
  const setSearch = useCallback(
    (next: ClaimsSearch) => void navigate({ to: '/expenses', search: next as Record<string, unknown> }),
    [navigate],
  );
  return [search, setSearch];
}

const EMPTY: Record<ClaimView, string> = {
  mine: 'You have no claims yet. Use “New claim” to claim back what you spent or the miles you drove.',
  approve: 'Nothing is waiting for your approval.',
  all: 'No claims match these filters.',
};

export function ExpensesPage() {
  usePageTitle(EXPENSES_SCREEN.heading);
  const [search, setSearch] = useClaimsSearch();
  const view = search.view ?? 'mine';
  const wide = can({ endpoint: EXPENSE_ENDPOINT, method: 'GET', scope: 'department' });
  const claims = useQuery(claimListPageQueryOptions(search));
  // A line manager without department scope approves too: the tab shows once something waits.
  const waiting = useQuery({
    ...claimListQueryOptions({ filters: { view: 'approve' }, page: 1, limit: 1 }),
    enabled: !wide,
    meta: { errorToast: false },
  });
  const approver = wide || view === 'approve' || (waiting.data?.count ?? 0) > 0;
  const queued = useQueuedClaims();
  const queryClient = useQueryClient();
  const bulk = useMutation(bulkApproveMutationOptions(queryClient));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const page = search.page ?? 1;
  const rows = claims.data?.results ?? [];
  const selectable = rows.filter((claim) => claim.can_approve && selected.has(claim.id)).map((claim) => claim.id);

  const views = [
    { value: 'mine', label: 'My claims' },
    ...(approver ? [{ value: 'approve', label: 'To approve' }] : []),
    ...(wide ? [{ value: 'all', label: 'All claims' }] : []),
  ];
  const exportAs = (format: 'csv' | 'xlsx') =>
    saveFile(expensePaths.export, `expenses-${londonDate(new Date())}.${format}`, { ...toClaimFilters(search), format }).catch(() =>
      showDangerToast({ message: 'The export could not be made. Please try again.' }),
    );
  const approveSelected = () =>
    bulk.mutate(selectable, {
      onSuccess: (result) => {
        showSuccessToast({ message: `${result.updated} claim${result.updated === 1 ? '' : 's'} approved.` });
        setConfirming(false);
        setSelected(new Set());
      },
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Title order={1}>{EXPENSES_SCREEN.heading}</Title>
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />} renderRoot={(props) => <Link {...props} to="/expenses/new" />}>
          New claim
        </Button>
      </Group>
      <QueuedWrites queued={queued} openOutbox="Open the outbox" />
      {views.length > 1 && (
        <SegmentedControl
          aria-label="Which claims"
          fullWidth
          data={views}
          value={view}
          onChange={(value) => {
            setSelected(new Set());
            setSearch({ ...(value === 'mine' ? {} : { view: value as ClaimView }) });
          }}
        />
      )}
      <ClaimFilters search={search} onChange={setSearch} showPerson={view !== 'mine'} />
      {selectable.length > 0 && (
        <SelectionBar count={selectable.length} onClear={() => setSelected(new Set())}>
          <Button size="xs" color="green" onClick={() => setConfirming(true)}>
            Approve selected
          </Button>
        </SelectionBar>
      )}
      {claims.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading claims">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} h={72} radius="md" />
          ))}
        </Stack>
      ) : claims.isError ? (
        <LoadError what="claims" error={claims.error} onRetry={() => void claims.refetch()} />
      ) : rows.length === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Text c="dimmed">{EMPTY[view]}</Text>
        </Paper>
      ) : (
        <ClaimRows
          claims={rows}
          showPerson={view !== 'mine'}
          selected={selected}
          onToggle={(id, on) =>
            setSelected((current) => {
              const next = new Set(current);
              if (on) next.add(id);
              else next.delete(id);
              return next;
            })
          }
        />
      )}
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden="true" />}
            onClick={() => void exportAs('csv')}
          >
            Export CSV
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden="true" />}
            onClick={() => void exportAs('xlsx')}
          >
            Export Excel
          </Button>
        </Group>
        {claims.data && claims.data.count > CLAIM_PAGE_SIZE && (
          <Group gap="xs" aria-label="Pages">
            <Button size="xs" variant="default" disabled={page <= 1} onClick={() => setSearch({ ...search, page: page - 1 })}>
              Previous
            </Button>
            <Text size="sm">
              Page {page} of {Math.ceil(claims.data.count / CLAIM_PAGE_SIZE)}
            </Text>
            <Button
              size="xs"
              variant="default"
              disabled={page * CLAIM_PAGE_SIZE >= claims.data.count}
              onClick={() => setSearch({ ...search, page: page + 1 })}
            >
              Next
            </Button>
          </Group>
        )}
      </Group>
      <ConfirmDialog
        opened={confirming}
        title="Approve selected"
        message={`Approve ${selectable.length} claim${selectable.length === 1 ? '' : 's'} in full? Each person is told at once.`}
        confirmLabel="Approve"
        color="green"
        busy={bulk.isPending}
        problem={bulk.isError ? (refusalMessage(bulk.error) ?? 'Nothing was approved. Please try again.') : null}
        onConfirm={approveSelected}
        onClose={() => {
          setConfirming(false);
          bulk.reset();
        }}
      />
    </Stack>
  );
}
