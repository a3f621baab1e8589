import { IconUsers } from '@tabler/icons-react';
import { defineWebModule } from '../../app/webModule';
import notifications from '../notifications/module';
import profile from '../profile/module';

/** Employee administration (spec portal §2 "/employees"), for administrators. */
export default defineWebModule({
  name: 'employees',
  routes: [{ path: 'employees', load: () => import('./EmployeesPage'), access: 'admin' }],
  menu: [{ code: 'employees', to: () => '/employees/', icon: IconUsers, role: 'admin' }],
  uses: [profile, notifications],
});
