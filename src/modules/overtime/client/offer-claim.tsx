// /overtime/report?offer=…: the overtime form opened from the time clock's offer ("You worked
// 45 minutes beyond your shift on Tue 24 Nov — claim it as overtime?"), prefilled with the day,
// the hours beyond the shift and the reason "Beyond rostered shift": one tap claims it as paid
// overtime or time off in lieu (a report waiting for approval), or dismisses it.
import '@mantine/core/styles/NumberInput.css';
import { Alert, Button, Group, Loader, NumberInput, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { isApiError } from '../../../client/api/api-client';
import { showSuccessToast } from '../../../client/shell/toasts';
import { LoadError } from '../../../client/ui/load-error';
import { TextareaField } from '../../../client/ui/textarea-field';
import { DATE_FORMATS, durationInWords, formatCalendarDate } from '../../../shared/dates';
import { DEFAULT_OFFER_REASON, type OvertimeOffer } from '../../time-clock/overtime-offers.contract';
import { COMPENSATION_LABELS } from '../overtime.contract';
import { offerMutationOptions, offerQueryOptions } from './offer.api';

export const OFFER_CLAIMED = 'Overtime claimed: it is waiting for approval.';
export const OFFER_DISMISSED = 'Offer dismissed.';

export function OfferClaim({ id }: { id: string }) {
  const offer = useQuery(offerQueryOptions(id));
  if (offer.isPending) return <Loader aria-label="Loading" />;
  if (offer.isError) return <LoadError what="the offer" error={offer.error} onRetry={() => void offer.refetch()} />;
  return <OfferForm offer={offer.data} />;
}

export function OfferForm({ offer }: { offer: OvertimeOffer }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const act = useMutation(offerMutationOptions(queryClient));
  const [hours, setHours] = useState<number>(offer.hours);
  const [reason, setReason] = useState(DEFAULT_OFFER_REASON);
  const [refusal, setRefusal] = useState<string | null>(null);
  const day = formatCalendarDate(offer.date, DATE_FORMATS.date);
  const intro = `You worked ${durationInWords(offer.extra_minutes)} beyond your shift on ${day}.`;
  if (offer.status !== 'open') {
    return (
      <Stack gap="sm">
        <Text>{intro}</Text>
        <Alert color="gray">
          {offer.status === 'claimed'
            ? 'You claimed it as overtime.'
            : offer.status === 'dismissed'
              ? 'You dismissed it.'
              : 'The entry was edited after approval, so this offer was withdrawn.'}
        </Alert>
        {offer.overtime_id && (
          <Button variant="default" renderRoot={(props) => <Link {...props} to="/overtime/$id" params={{ id: offer.overtime_id ?? '' }} />}>
            Open the overtime report
          </Button>
        )}
      </Stack>
    );
  }
  const send = async (compensation: 'paid' | 'toil' | null) => {
    setRefusal(null);
    try {
      const done = await act.mutateAsync({
        id: offer.id,
        claim: compensation ? { compensation, hours, reason: reason.trim() || DEFAULT_OFFER_REASON, overtime_rate_id: null } : null,
      });
      showSuccessToast({ message: compensation ? OFFER_CLAIMED : OFFER_DISMISSED });
      if (done.overtime_id) await navigate({ to: '/overtime/$id', params: { id: done.overtime_id } });
      else await navigate({ to: '/overtime' });
    } catch (error) {
      setRefusal(isApiError(error) && error.status < 500 ? error.message : 'It could not be sent. Try again.');
    }
  };
  const { options } = offer;
  return (
    <Stack gap="md" aria-label="Claim time beyond your shift">
      <Text fw={600}>{intro} Claim it as overtime?</Text>
      <Text size="sm">Date worked: {day}</Text>
      <NumberInput
        label="Hours"
        min={0.25}
        max={offer.max_hours}
        step={0.25}
        decimalScale={2}
        value={hours}
        onChange={(value) => setHours(typeof value === 'number' ? value : offer.hours)}
      />
      <TextareaField label="Reason" required maxLength={1000} value={reason} onChange={(event) => setReason(event.currentTarget.value)} />
      {options.paid && options.rates[0] && (
        <Text size="sm" c="dimmed">
          Paid overtime is claimed at {options.rates[0].name} (×{options.rates[0].multiplier}).
        </Text>
      )}
      {refusal && (
        <Alert color="red" role="alert">
          {refusal}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" loading={act.isPending && act.variables?.claim === null} onClick={() => void send(null)}>
          Dismiss
        </Button>
        {options.toil && (
          <Button
            variant="light"
            onClick={() => void send('toil')}
            loading={act.isPending && act.variables?.claim?.compensation === 'toil'}
          >
            Claim as {COMPENSATION_LABELS.toil.toLowerCase()}
          </Button>
        )}
        {options.paid && (
          <Button onClick={() => void send('paid')} loading={act.isPending && act.variables?.claim?.compensation === 'paid'}>
            Claim as paid
          </Button>
        )}
      </Group>
    </Stack>
  );
}
