// What the settings module gives the shell: the user settings page, the one restricted mode keeps.
import type { ClientModule } from '../../../client/shell/client-module';

export const settingsClientModule: ClientModule = {
  name: 'settings',
  settings: [{ path: '/settings/user-settings', label: 'User Settings', resources: ['user-settings'], allowedWhenRestricted: true }],
};
