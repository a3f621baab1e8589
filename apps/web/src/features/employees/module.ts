import { IconUsers } from '@tabler/icons-react';
import { defineWebModule } from '../../app/webModule';
import { a11yPages } from './a11y';

const panels = () => import('./WorkspacePanels');

/** Employee administration (spec portal §2 "/employees"), for administrators. */
export default defineWebModule({
  name: 'employees',
  routes: [{ path: 'employees', load: () => import('./EmployeesPage'), access: 'admin' }],
  menu: [{ code: 'employees', to: () => '/employees/', icon: IconUsers, role: 'admin' }],
  uses: ['profile'],
  employeesTabs: [
    {
      key: 'all',
      order: 10,
      label: 'employees.all',
      load: async () => ({ default: (await import('./AllEmployeesTab')).AllEmployeesTab }),
    },
    {
      key: 'rights',
      order: 20,
      label: 'employees.rights',
      load: async () => ({ default: (await panels()).RightsPanel }),
    },
    {
      key: 'settings',
      order: 30,
      label: 'employees.settings',
      load: async () => ({ default: (await panels()).SettingsPanel }),
    },
    {
      key: 'interface',
      order: 50,
      label: 'employees.interface',
      load: async () => ({ default: (await panels()).InterfacePanel }),
    },
    {
      key: 'company',
      order: 60,
      label: 'employees.company',
      load: async () => ({ default: (await panels()).CompanyPanel }),
    },
  ],
  a11yPages,
});
