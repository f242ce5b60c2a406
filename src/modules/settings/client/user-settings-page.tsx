// /settings/user-settings, the "My settings" tab: the signed-in user's own e-mail and
// two-factor preferences, and the devices that show their notifications (Web Push).
import '@mantine/core/styles/Card.css';
import { Alert, Card, Stack, Title } from '@mantine/core';
import { getToken } from '../../../client/auth/token-store';
import { readTokenClaims } from '../../../client/auth/token-claims';
import { usePageTitle } from '../../../client/shell/page-title';
// The organisation module owns the iCal token reset; its section sits here with the other settings.
// eslint-disable-next-line layers/imports -- one section of another module's, placed on this page by design
import { IcalFeedSection } from '../../organisation/client/ical-feed-section';
import { EmailNotificationsSetting } from './email-notifications-setting';
import { PushDevicesSetting } from './push-devices-setting';
import { TwoFactorSetting } from './two-factor-setting';

export function UserSettingsPage() {
  usePageTitle('My settings');
  const userId = readTokenClaims(getToken())?.user_id;
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
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="md">
          iCal feed
        </Title>
        <IcalFeedSection />
      </Card>
    </Stack>
  );
}
