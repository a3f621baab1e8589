import { IconBell } from '@tabler/icons-react';
import { defineWebModule } from '../../app/webModule';

/** The notification centre (modules §2 "/notifications"); the bell in the header is `NotificationBell`. */
export default defineWebModule({
  name: 'notifications',
  features: ['notifications'],
  routes: [{ path: 'notifications', load: () => import('./NotificationsPage') }],
  menu: [{ code: 'notifications', to: () => '/notifications', icon: IconBell, feature: 'notifications' }],
  texts: { namespace: 'notifications', load: async (lang) => (await import('./texts')).notificationsTexts[lang] },
});
