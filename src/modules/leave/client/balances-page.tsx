// /leave-and-absences/balances: a person's leave balances — their own by default; managers
// and HR choose someone in their scope (?user_id=). Realtime invalidations of the period and
// value resources refresh the numbers without a reload.
import { Alert, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { usePageTitle } from '../../../client/shell/page-title';
import { can } from '../../../client/ui/permission-guard';
import { balancePersonQueryOptions } from './balances.api';
import { CurrentYear } from './balances/current-year';
import { LeaveNav } from './leave-nav';
import { PersonPicker } from './request/person-picker';
import { signedInUser } from './requests.api';

export function BalancesPage({ userId }: { userId?: string | undefined }) {
  const self = signedInUser().id;
  const subject = userId ?? self;
  const someoneElse = subject !== null && subject !== self;
  const person = useQuery({ ...balancePersonQueryOptions(subject ?? ''), enabled: someoneElse });
  const name = person.data ? `${person.data.first_name} ${person.data.surname}` : null;
  const title = someoneElse ? (name ? `Leave balances: ${name}` : 'Leave balances') : 'My leave balances';
  usePageTitle(title);
  const navigate = useNavigate();
  const mayChoose = can({ endpoint: '/api/user-absence-period', method: 'GET', scope: 'department' });

  if (!self || !subject) return <Alert color="red">Please sign in again.</Alert>;
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <LeaveNav />
      {mayChoose && (
        <PersonPicker
          key={subject}
          label="Whose balances"
          name="user_id"
          selfId={self}
          value={subject}
          initialName={name ?? undefined}
          onChange={(id) => void navigate({ to: '/leave-and-absences/balances', search: id === self ? {} : { user_id: id } })}
        />
      )}
      {person.isError ? <Alert color="red">You cannot see this person’s balances.</Alert> : <CurrentYear key={subject} userId={subject} />}
    </Stack>
  );
}
