import { defineWebModule } from '../../app/webModule';
import profile from '../profile/module';

/** The birthdays page the wall's widget leads to; no menu entry of its own (spec portal §2). */
export default defineWebModule({
  name: 'birthdays',
  features: ['birthdays'],
  routes: [{ path: 'birthdays', load: () => import('./BirthdaysPage') }],
  uses: [profile],
});
