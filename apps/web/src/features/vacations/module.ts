import { IconBeach } from '@tabler/icons-react';
import { defineWebModule } from '../../app/webModule';
import { a11yPages } from './a11y';

/** Vacations (spec portal §2 "/vacations"): the absence chart, one's own vacations, requests to decide. */
export default defineWebModule({
  name: 'vacations',
  features: ['vacations'],
  routes: [{ path: 'vacations', load: () => import('./VacationsPage') }],
  menu: [{ code: 'vacations', to: () => '/vacations', icon: IconBeach, feature: 'vacations', right: 'vacations' }],
  texts: { namespace: 'vacations', load: async (lang) => (await import('./texts')).vacationsTexts[lang] },
  profileBadges: [
    {
      key: 'away',
      order: 10,
      feature: 'vacations',
      right: 'vacations',
      load: async () => ({ default: (await import('./AwayBadge')).AwayBadge }),
    },
  ],
  a11yPages,
});
