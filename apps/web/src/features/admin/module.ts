import { IconAdjustments } from '@tabler/icons-react';
import { defineWebModule } from '../../app/webModule';
import notifications from '../notifications/module';

/**
 * The admin panel (portal §2 "/admin/", administrators). Its tabs arrive with their modules: notification settings
 * and mail check (notifications) so far; all data, files cleaning, logs and service actions are not built yet.
 */
export default defineWebModule({
  name: 'admin',
  routes: [{ path: 'admin', load: () => import('./AdminPage'), access: 'admin' }],
  menu: [{ code: 'admin', to: () => '/admin/', icon: IconAdjustments, role: 'admin', feature: 'notifications' }],
  texts: { namespace: 'admin', load: async (lang) => (await import('./texts')).adminTexts[lang] },
  uses: [notifications],
});
