// /return-to-work/{id}/self-certification (return_to_work notifications land here).
// The person completes their step while the item lets them (`can_complete`): the
// self-certification form, or the fit-note upload beyond 7 days. A reviewer (`can_review`)
// sees the summary and closes it. Anyone else, and everyone once it is closed, sees the summary.
import '@mantine/core/styles/Skeleton.css';
import { Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../../../client/shell/page-title';
import { LEAVE_ROUTES } from '../leave.contract';
import { type ReturnToWorkItem } from '../return-to-work.contract';
import { returnToWorkQueryOptions } from './return-to-work.api';
import { FitNoteUpload } from './return-to-work/fit-note-upload';
import { ReturnToWorkSummary } from './return-to-work/return-to-work-summary';
import { RETURN_TO_WORK_NOT_FOUND } from './return-to-work/return-to-work-words';
import { ReviewPanel } from './return-to-work/review-panel';
import { SelfCertificationForm } from './return-to-work/self-certification-form';
import { LoadError } from '../../../client/ui/load-error';

function Step({ item }: { item: ReturnToWorkItem }) {
  if (item.status === 'closed') return <ReturnToWorkSummary item={item} />;
  if (item.can_complete && item.status === 'awaiting_employee') {
    return item.kind === 'self_certification' ? <SelfCertificationForm item={item} /> : <FitNoteUpload item={item} />;
  }
  return (
    <Stack gap="md">
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
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to={LEAVE_ROUTES.returnToWork} />}>
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden="true" />
            Return to work
          </Group>
        </Anchor>
        <Title order={1}>{item.data?.kind === 'fit_note' ? 'Return to work: fit note' : 'Return to work'}</Title>
      </Stack>
      {body}
    </Stack>
  );
}
