// The personal data the notifications hold: each person's bell, settings and devices.
import type { PersonalDataDeclaration } from '../personal-data';

export const notificationsPersonalData: PersonalDataDeclaration = {
  tables: [
    {
      table: 'notifications',
      label: 'Notifications',
      subject: ['user_id'],
      kind: 'communications',
      dateColumn: 'created_at',
      erase: 'delete',
    },
    { table: 'user_settings', label: 'Notification settings', subject: ['user_id'], kind: 'account', erase: 'delete' },
    {
      table: 'push_subscriptions',
      label: 'Devices for push notifications',
      subject: ['user_id'],
      kind: 'communications',
      dateColumn: 'created_at',
      erase: 'delete',
    },
  ],
};
