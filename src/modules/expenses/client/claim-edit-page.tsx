// /expense/{id}/edit: the claim form filled with the claim (the claimant's, while it can change).
import '@mantine/core/styles/Skeleton.css';
import { Alert, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../../../client/ui/load-error';
import { CLAIM_NOT_FOUND } from './claim-page';
import { ClaimForm } from './claim-form';
import { claimQueryOptions } from './expenses.api';

export function ClaimEditPage({ id }: { id: string }) {
  const claim = useQuery({ ...claimQueryOptions(id), staleTime: Infinity });
  if (claim.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading the claim">
        <Skeleton h={300} radius="lg" />
      </Stack>
    );
  }
  if (claim.isError)
    return <LoadError what="claim" error={claim.error} onRetry={() => void claim.refetch()} notFound={CLAIM_NOT_FOUND} forbidden />;
  if (!claim.data.can_edit) {
    return (
      <Alert color="gray" role="alert">
        This claim can no longer be changed.
      </Alert>
    );
  }
  return <ClaimForm claim={claim.data} />;
}
