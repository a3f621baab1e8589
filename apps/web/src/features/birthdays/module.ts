import { IconCake } from '@tabler/icons-react';
import { defineWebModule } from '../../app/webModule';
import { a11yPages } from './a11y';

/** The birthdays and work anniversaries page (spec portal §2), which the wall's widget leads to too (issue 12: in the menu). */
export default defineWebModule({
  name: 'birthdays',
  features: ['birthdays'],
  routes: [{ path: 'birthdays', load: () => import('./BirthdaysPage') }],
  menu: [{ code: 'birthdays', to: () => '/birthdays', icon: IconCake, feature: 'birthdays' }],
  uses: ['profile'],
  a11yPages,
});
