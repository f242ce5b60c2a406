// /expense/{id}/edit: the claim form filled with the claim (the claimant's, while it can change);
// opened from the outbox for an edit refused because the claim can no longer change, a copy of
// that edit as a new claim.
import '@mantine/core/styles/Skeleton.css';
import { Alert, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCorrection } from '../../../client/offline/outbox-correction';
import { LoadError } from '../../../client/ui/load-error';
import { CLAIM_NOT_FOUND } from './claim-page';
import { ClaimForm } from './claim-form';
import { claimQueryOptions } from './expenses.api';

export function ClaimEditPage({ id }: { id: string }) {
  const correction = useCorrection(`/expense/${id}/edit`);
  // Correcting a refused edit is measured against the claim as it is now (a decision may have come since).
  const claim = useQuery({ ...claimQueryOptions(id), staleTime: correction ? 0 : Infinity });
  if (claim.isPending || (correction && !claim.isFetchedAfterMount && claim.fetchStatus === 'fetching')) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading the claim">
        <Skeleton h={300} radius="lg" />
      </Stack>
    );
  }
  if (claim.isError)
    return <LoadError what="claim" error={claim.error} onRetry={() => void claim.refetch()} notFound={CLAIM_NOT_FOUND} forbidden />;
  if (!claim.data.can_edit) {
    if (correction) return <ClaimForm key="copy" copy={correction} />;
    return (
      <Alert color="gray" role="alert">
        This claim can no longer be changed.
      </Alert>
    );
  }
  return <ClaimForm key={claim.data.id} claim={claim.data} />;
}
