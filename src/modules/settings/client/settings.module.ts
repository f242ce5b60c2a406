// What the settings module gives the shell: the user settings page, the one restricted mode keeps.
import type { ClientModule } from '../../../client/shell/client-module';

export const settingsClientModule: ClientModule = {
  name: 'settings',
  // Two-step sign-in and this phone's notifications, opened on site as often as anywhere.
  offlineDetails: () => Promise.resolve([{ title: 'User Settings', hrefs: ['/settings/user-settings'] }]),
  settings: [{ path: '/settings/user-settings', label: 'User Settings', resources: ['user-settings'], allowedWhenRestricted: true }],
};
