import { IconCalendar } from '@tabler/icons-react';
import { defineWebModule } from '../../app/webModule';

/** The calendar (spec portal §2 "/calendar/"): events, periodic events, invitations and the iCal subscription. */
export default defineWebModule({
  name: 'calendar',
  features: ['calendar'],
  routes: [{ path: 'calendar', load: () => import('./CalendarPage') }],
  menu: [{ code: 'calendar', to: () => '/calendar', icon: IconCalendar, feature: 'calendar', right: 'calendar' }],
  texts: { namespace: 'calendar', load: async (lang) => (await import('./texts')).calendarTexts[lang] },
});
