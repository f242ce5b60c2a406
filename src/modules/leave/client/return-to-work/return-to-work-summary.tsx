// A return to work as it stands: the sickness dates and length, the kind and status, the
// employee's answers (only when the server sent them: the person, HR admins and owners), the
// fit note's download and the review. Read-only; the steps are other components.
import { Anchor, Button, Paper, SimpleGrid, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DATE_FORMATS, formatLondon } from '../../../../shared/dates';
import { SICKNESS_CATEGORY_LABELS } from '../../leave.contract';
import { type ReturnToWorkItem } from '../../return-to-work.contract';
import { formatDate, personName } from '../absence/absence-format';
import { ReturnToWorkStatusBadge } from '../absence/absence-status-badge';
import { calendarDaysText, KIND_LABELS } from './return-to-work-words';
import { saveFile } from '../../../../client/api/downloads';
import { DescribedValue } from '../../../../client/ui/described-value';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

export function ReturnToWorkSummary({ item }: { item: ReturnToWorkItem }) {
  const [downloadFailed, setDownloadFailed] = useState(false);
  const answers = item.answers ?? null;
  const file = item.fit_note_file;
  return (
    <Paper withBorder radius="lg" p="md">
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md" m={0}>
        <DescribedValue label="Person">{personName(item.user)}</DescribedValue>
        <DescribedValue label="Status">
          <ReturnToWorkStatusBadge status={item.status} />
        </DescribedValue>
        <DescribedValue label="Sickness">
          <Anchor renderRoot={(props) => <Link {...props} to="/absence/$id" params={{ id: item.absence_id }} />}>
            {formatDate(item.first_day)} to {formatDate(item.last_day)}
          </Anchor>
          {` (${calendarDaysText(item.calendar_days)})`}
        </DescribedValue>
        <DescribedValue label="Kind">{KIND_LABELS[item.kind]}</DescribedValue>
        {item.sickness_category && !answers && (
          <DescribedValue label="Sickness category">{SICKNESS_CATEGORY_LABELS[item.sickness_category]}</DescribedValue>
        )}
        {answers && (
          <>
            <DescribedValue label="Reason">{SICKNESS_CATEGORY_LABELS[answers.reason_category]}</DescribedValue>
            <DescribedValue label="First and last day of sickness">
              {formatDate(answers.first_day_of_sickness)} to {formatDate(answers.last_day_of_sickness)}
            </DescribedValue>
            <DescribedValue label="What was wrong?">{answers.description}</DescribedValue>
            <DescribedValue label="Did you see a doctor?">{yesNo(answers.consulted_doctor)}</DescribedValue>
            <DescribedValue label="Was it caused by an accident or injury at work?">{yesNo(answers.injury_at_work)}</DescribedValue>
          </>
        )}
        {item.submitted_at && <DescribedValue label="Sent">{formatLondon(item.submitted_at, DATE_FORMATS.dateTime)}</DescribedValue>}
        {file && (
          <DescribedValue label="Fit note">
            <Button
              variant="subtle"
              px={0}
              onClick={() => {
                setDownloadFailed(false);
                saveFile(file.download_path, file.name).catch(() => setDownloadFailed(true));
              }}
            >
              Download {file.name}
            </Button>
            {downloadFailed && (
              <Text size="sm" c="red" component="span" display="block">
                The fit note could not be downloaded. Please try again.
              </Text>
            )}
          </DescribedValue>
        )}
        {item.reviewed_at && (
          <DescribedValue label="Reviewed">
            {[item.reviewed_by_name, formatLondon(item.reviewed_at, DATE_FORMATS.dateTime)].filter(Boolean).join(', ')}
          </DescribedValue>
        )}
        {item.review_note && <DescribedValue label="Review note">{item.review_note}</DescribedValue>}
      </SimpleGrid>
    </Paper>
  );
}
