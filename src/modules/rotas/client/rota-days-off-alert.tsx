// The warning on Rota Management's week: the shifts still to come whose person is on leave or
// off sick that day, each with the one step that makes it an open shift for a colleague to claim.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showSuccessToast } from '../../../client/shell/toasts';
import { dayOffDetail, type Shift } from '../rotas.contract';
import { shiftDate, shortDayLabel, timesOf } from './rota-format';
import { makeOpenMutationOptions } from './rotas.api';

export function DaysOffAlert({ shifts }: { shifts: Shift[] }) {
  // Shifts already begun are past helping: the page's opening moment is near enough.
  const [now] = useState(() => Date.now());
  const queryClient = useQueryClient();
  const makeOpen = useMutation(makeOpenMutationOptions(queryClient));
  const away = shifts.filter((shift) => shift.day_off && shift.user_id && Date.parse(shift.start_at) > now);
  if (away.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      title={away.length === 1 ? '1 shift falls on a day its person is away' : `${away.length} shifts fall on days their person is away`}
    >
      <Stack gap={6}>
        {away.map((shift) => {
          const when = `${shortDayLabel(shiftDate(shift))} ${timesOf(shift)}`;
          return (
            <div key={shift.id}>
              <Group gap="xs" justify="space-between" wrap="wrap">
                <Text size="sm">
                  <strong>{shift.user_name}</strong>, {when}: {dayOffDetail(shift.day_off!)}
                </Text>
                <Button
                  size="compact-sm"
                  variant="white"
                  color="red"
                  aria-label={`Make ${shift.user_name}'s shift on ${when} open`}
                  loading={makeOpen.isPending && makeOpen.variables === shift.id}
                  onClick={() =>
                    makeOpen.mutate(shift.id, {
                      onSuccess: () =>
                        showSuccessToast({
                          message: shift.published
                            ? `The shift on ${when} is open: anyone in ${shift.department_name} may claim it.`
                            : `The shift on ${when} is open: publish the week for someone in ${shift.department_name} to claim it.`,
                        }),
                    })
                  }
                >
                  Make open shift
                </Button>
              </Group>
            </div>
          );
        })}
      </Stack>
    </Alert>
  );
}
