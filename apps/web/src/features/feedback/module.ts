import { IconBulb, IconShieldExclamation } from '@tabler/icons-react';
import { defineWebModule } from '../../app/webModule';
import { a11yPages } from './a11y';

/**
 * Ideas and violation reports (portal §1, §2 /idea and /report_violation, menu `idea` and `report_violation`):
 * the forms, one's own items with their threads, the recipients' inboxes, and an anonymous report followed by code.
 */
export default defineWebModule({
  name: 'feedback',
  features: ['ideas', 'no_silent'],
  uses: ['wall'],
  routes: [
    { path: 'idea', load: () => import('./IdeaPage') },
    { path: 'report_violation', load: () => import('./ReportPage') },
  ],
  menu: [
    {
      code: 'report_violation',
      to: () => '/report_violation',
      icon: IconShieldExclamation,
      feature: 'no_silent',
      right: 'no_silent',
    },
    { code: 'idea', to: () => '/idea', icon: IconBulb, feature: 'ideas', right: 'ideas' },
  ],
  texts: { namespace: 'feedback', load: async (lang) => (await import('./texts')).feedbackTexts[lang] },
  a11yPages,
});
