import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { defineWebModule } from '../../app/webModule';
import { a11yPages } from './a11y';

/** The superadmin's workspaces (spec portal §2 "/clients"). */
export default defineWebModule({
  name: 'clients',
  routes: [{ path: 'clients', load: () => import('./ClientsPage'), access: 'superadmin' }],
  menu: [
    { code: 'clients', to: () => '/clients', icon: IconBuildingSkyscraper, role: 'superadmin', outsideWorkspace: true },
  ],
  texts: { namespace: 'clients', load: async (lang) => (await import('./texts')).clientsTexts[lang] },
  // The new workspace's first administrator is asked for with the sign-up form's words.
  uses: ['auth'],
  a11yPages,
});
