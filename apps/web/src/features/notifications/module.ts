import { IconBell } from '@tabler/icons-react';
import { defineWebModule } from '../../app/webModule';
import { a11yPages } from './a11y';

// The settings matrix, the messenger forms and the shared notification schemas (zod with them, ~25 KB compressed)
// load when their tab opens, not with the profile or the employees page, whose first tab is something else.
const settingsTabs = () => import('./SettingsTabs');

/** The notification centre (modules §2 "/notifications"); the bell in the header is `NotificationBell`. */
export default defineWebModule({
  name: 'notifications',
  features: ['notifications'],
  routes: [{ path: 'notifications', load: () => import('./NotificationsPage') }],
  menu: [{ code: 'notifications', to: () => '/notifications', icon: IconBell, feature: 'notifications' }],
  texts: { namespace: 'notifications', load: async (lang) => (await import('./texts')).notificationsTexts[lang] },
  adminTabs: [
    {
      key: 'notificationSettings',
      order: 10,
      label: 'adminTabs.notificationSettings',
      load: async () => ({ default: (await settingsTabs()).AdminNotificationsTab }),
    },
    {
      key: 'templates',
      order: 20,
      label: 'adminTabs.templates',
      load: async () => ({ default: (await import('./TemplatesTab')).TemplatesTab }),
    },
    {
      key: 'mailCheck',
      order: 40,
      label: 'adminTabs.mailCheck',
      load: async () => ({ default: (await import('./MailCheckTab')).MailCheckTab }),
    },
    {
      key: 'failures',
      order: 50,
      label: 'adminTabs.failures',
      load: async () => ({ default: (await import('./FailedDeliveriesTab')).FailedDeliveriesTab }),
    },
  ],
  employeesTabs: [
    {
      key: 'notifications',
      order: 40,
      feature: 'notifications',
      label: 'settings.tab',
      load: async () => ({ default: (await settingsTabs()).WorkspaceNotificationsTab }),
    },
  ],
  profileTabs: [
    {
      key: 'notifications',
      order: 80,
      mode: 'view',
      ownOnly: true,
      feature: 'notifications',
      label: 'settings.tab',
      load: async () => ({ default: (await settingsTabs()).PersonNotificationsTab }),
    },
  ],
  a11yPages,
});
