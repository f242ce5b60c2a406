// /return-to-work/{id}/self-certification (return_to_work notifications land here).
// The person completes their step while the item lets them (`can_complete`): the
// self-certification form, or the fit-note upload beyond 7 days. A reviewer (`can_review`)
// sees the summary and closes it. Anyone else, and everyone once it is closed, sees the summary;
// a refused self-certification opened from the outbox once the form is no longer asked for says
// what happened and shows the answers sent, to copy.
import '@mantine/core/styles/Skeleton.css';
import { Skeleton, Stack, Text, Title } from '@mantine/core';

import { useQuery } from '@tanstack/react-query';

import { ClosedCorrection } from '../../../client/offline/correction-notice';
import { useCorrection } from '../../../client/offline/outbox-correction';
import { usePageTitle } from '../../../client/shell/page-title';
import { formatCalendarDate, DATE_FORMATS } from '../../../shared/dates';
import { LEAVE_ROUTES, SICKNESS_CATEGORY_LABELS, type SicknessCategory } from '../leave.contract';
import { type ReturnToWorkItem, type SelfCertificationInput } from '../return-to-work.contract';
import { returnToWorkQueryOptions } from './return-to-work.api';
import { FitNoteUpload } from './return-to-work/fit-note-upload';
import { ReturnToWorkSummary } from './return-to-work/return-to-work-summary';
import { RETURN_TO_WORK_NOT_FOUND } from './return-to-work/return-to-work-words';
import { ReviewPanel } from './return-to-work/review-panel';
import { SelfCertificationForm } from './return-to-work/self-certification-form';
import { LoadError } from '../../../client/ui/load-error';
import { BackLink } from '../../../client/ui/back-link';

const yesNo = (value: unknown) => (value === true ? 'Yes' : value === false ? 'No' : '');
const day = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatCalendarDate(value, DATE_FORMATS.date) : '';

/** A refused self-certification opened from the outbox when the form is no longer asked for: what happened, and the answers to copy. */
function ClosedSelfCertification({ item }: { item: ReturnToWorkItem }) {
  const correction = useCorrection(LEAVE_ROUTES.selfCertification(item.id));
  const sent = (correction?.body ?? {}) as Partial<Record<keyof SelfCertificationInput, unknown>>;
  const reason = SICKNESS_CATEGORY_LABELS[sent.reason_category as SicknessCategory] ?? '';
  return (
    <ClosedCorrection
      item={correction}
      what="return to work form"
      closed={
        item.status === 'closed'
          ? 'This return to work was closed after you sent your form.'
          : 'This return to work no longer waits for your form.'
      }
      entries={[
        { label: 'Reason', text: reason },
        { label: 'What was wrong?', text: typeof sent.description === 'string' ? sent.description : '' },
        { label: 'First day of sickness', text: day(sent.first_day_of_sickness) },
        { label: 'Last day of sickness', text: day(sent.last_day_of_sickness) },
        { label: 'Did you see a doctor?', text: yesNo(sent.consulted_doctor) },
        { label: 'Was it caused by an accident or injury at work?', text: yesNo(sent.injury_at_work) },
      ]}
    />
  );
}

function Step({ item }: { item: ReturnToWorkItem }) {
  if (item.can_complete && item.status === 'awaiting_employee') {
    return item.kind === 'self_certification' ? <SelfCertificationForm item={item} /> : <FitNoteUpload item={item} />;
  }
  if (item.status === 'closed') {
    return (
      <Stack gap="md">
        <ClosedSelfCertification item={item} />
        <ReturnToWorkSummary item={item} />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <ClosedSelfCertification item={item} />
      <ReturnToWorkSummary item={item} />
      {item.can_review && item.status === 'awaiting_review' && <ReviewPanel item={item} />}
      {item.status === 'awaiting_employee' && !item.can_complete && (
        <Text c="dimmed">{item.kind === 'fit_note' ? 'Waiting for the fit note.' : 'Waiting for the self-certification.'}</Text>
      )}
    </Stack>
  );
}

export function SelfCertificationPage({ id }: { id: string }) {
  usePageTitle('Return to work');
  const item = useQuery(returnToWorkQueryOptions(id));

  let body;
  if (item.isPending) {
    body = <Skeleton h={240} radius="lg" aria-label="Loading the return to work" />;
  } else if (item.isError) {
    body = (
      <LoadError
        what="return to work"
        error={item.error}
        onRetry={() => void item.refetch()}
        notFound={RETURN_TO_WORK_NOT_FOUND}
        forbidden
      />
    );
  } else {
    body = <Step item={item.data} />;
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <BackLink to={LEAVE_ROUTES.returnToWork}>Return to work</BackLink>
        <Title order={1}>{item.data?.kind === 'fit_note' ? 'Return to work: fit note' : 'Return to work'}</Title>
      </Stack>
      {body}
    </Stack>
  );
}
