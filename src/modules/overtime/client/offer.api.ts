// The time clock's offer of time worked beyond a shift, as the overtime form claims it: read the
// offer (what it may be claimed as), claim it (a report waiting for approval) or dismiss it.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../client/api/api-client';
import { invalidateResources } from '../../../client/api/invalidate-resources';
import {
  OVERTIME_OFFER_INVALIDATES,
  OVERTIME_OFFER_RESOURCES,
  overtimeOfferPaths,
  type ClaimOfferInput,
  type OvertimeOffer,
} from '../../time-clock/overtime-offers.contract';

export const offerQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [OVERTIME_OFFER_RESOURCES.offers, id] as const,
    queryFn: ({ signal }) => apiFetch<OvertimeOffer>(overtimeOfferPaths.offer(id), { signal }) as Promise<OvertimeOffer>,
    meta: { errorToast: false },
  });

export type OfferAction = { id: string; claim: ClaimOfferInput | null };

/** A claim (with its body) or, with none, a dismissal. */
export const offerMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: ({ id, claim }: OfferAction) =>
    apiFetch<OvertimeOffer>(claim ? overtimeOfferPaths.claim(id) : overtimeOfferPaths.dismiss(id), {
      method: 'POST',
      body: claim ?? {},
    }) as Promise<OvertimeOffer>,
  onSuccess: (offer: OvertimeOffer) => {
    queryClient.setQueryData([OVERTIME_OFFER_RESOURCES.offers, offer.id], offer);
    return invalidateResources(queryClient, OVERTIME_OFFER_INVALIDATES);
  },
});
