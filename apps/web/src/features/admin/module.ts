import { IconAdjustments } from '@tabler/icons-react';
import { defineWebModule } from '../../app/webModule';
import { a11yPages } from './a11y';

/**
 * The admin panel (portal §2 "/admin/", administrators). Its tabs are the modules' `adminTabs` (notifications and
 * mailings so far); all data, files cleaning, logs and service actions arrive with their modules.
 */
export default defineWebModule({
  name: 'admin',
  routes: [{ path: 'admin', load: () => import('./AdminPage'), access: 'admin' }],
  menu: [{ code: 'admin', to: () => '/admin/', icon: IconAdjustments, role: 'admin', feature: 'notifications' }],
  texts: { namespace: 'admin', load: async (lang) => (await import('./texts')).adminTexts[lang] },
  a11yPages,
});
