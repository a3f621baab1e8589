import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { defineWebModule } from '../../app/webModule';

/** The superadmin's workspaces (spec portal §2 "/clients"). */
export default defineWebModule({
  name: 'clients',
  routes: [{ path: 'clients', load: () => import('./ClientsPage'), access: 'superadmin' }],
  menu: [
    { code: 'clients', to: () => '/clients', icon: IconBuildingSkyscraper, role: 'superadmin', outsideWorkspace: true },
  ],
});
