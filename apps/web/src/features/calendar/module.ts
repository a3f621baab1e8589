import { IconCalendar } from '@tabler/icons-react';
import { defineWebModule } from '../../app/webModule';
import { a11yPages } from './a11y';

/** The calendar (spec portal §2 "/calendar/"): events, periodic events, invitations and the iCal subscription. */
export default defineWebModule({
  name: 'calendar',
  features: ['calendar'],
  routes: [{ path: 'calendar', load: () => import('./CalendarPage') }],
  // Where an invitation mail's accept and decline links lead: answered for the person the mail went to.
  publicRoutes: [{ path: 'invitation/:id', load: () => import('./InvitationPage') }],
  menu: [{ code: 'calendar', to: () => '/calendar', icon: IconCalendar, feature: 'calendar', right: 'calendar' }],
  texts: { namespace: 'calendar', load: async (lang) => (await import('./texts')).calendarTexts[lang] },
  wallWidgets: [
    {
      key: 'calendar',
      order: 10,
      feature: 'calendar',
      right: 'calendar',
      load: async () => {
        const { CalendarWidget, calendarWidgetQuery } = await import('./CalendarWidget');
        return {
          default: CalendarWidget,
          data: (client, clientId) => client.ensureQueryData(calendarWidgetQuery(clientId)),
        };
      },
    },
  ],
  a11yPages,
});
