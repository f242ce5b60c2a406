// /settings/user-settings, the "My settings" tab: the signed-in user's own e-mail and
// two-factor preferences, and the devices that show their notifications (Web Push); then the
// sections other modules register (`userSettings`: the organisation module's iCal feed).
import '@mantine/core/styles/Card.css';
import { Alert, Card, Stack, Title } from '@mantine/core';
import { getToken } from '../../../client/auth/token-store';
import { readTokenClaims } from '../../../client/auth/token-claims';
import { useClientModules } from '../../../client/shell/client-modules';
import { usePageTitle } from '../../../client/shell/page-title';
import { EmailNotificationsSetting } from './email-notifications-setting';
import { PushDevicesSetting } from './push-devices-setting';
import { TwoFactorSetting } from './two-factor-setting';

export function UserSettingsPage() {
  usePageTitle('My settings');
  const userId = readTokenClaims(getToken())?.user_id;
  const sections = useClientModules().flatMap((module) => module.userSettings ?? []);
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="md">
          Notifications
        </Title>
        {userId ? <EmailNotificationsSetting userId={userId} /> : <Alert color="red">Please sign in again.</Alert>}
      </Card>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="md">
          Devices
        </Title>
        <PushDevicesSetting />
      </Card>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="md">
          Sign-in security
        </Title>
        <TwoFactorSetting />
      </Card>
      {sections.map(({ key, title, component: Section }) => (
        <Card key={key} withBorder padding="lg">
          <Title order={2} size="h4" mb="md">
            {title}
          </Title>
          <Section />
        </Card>
      ))}
    </Stack>
  );
}
