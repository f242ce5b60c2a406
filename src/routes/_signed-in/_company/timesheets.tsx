import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { startQuery } from '../../../client/api/start-query';
import { timesheetsQueryOptions } from '../../../modules/time-clock/client/time-clock.api';
import { KioskSettings } from '../../../modules/time-clock/client/kiosk-settings';
import { TimesheetsPage } from '../../../modules/time-clock/client/timesheets-page';
import { thisWeek } from '../../../shared/dates';

export const Route = createFileRoute('/_signed-in/_company/timesheets')({
  loader: ({ context }) => startQuery(context.queryClient, timesheetsQueryOptions(thisWeek())),
  component: TimesheetsRoute,
});

function TimesheetsRoute() {
  const [week, setWeek] = useState(thisWeek);
  return (
    <>
      <TimesheetsPage week={week} onWeek={setWeek} />
      <KioskSettings week={week} />
    </>
  );
}
