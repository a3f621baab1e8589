import { defineWebModule } from '../../app/webModule';
import { a11yPages } from './a11y';

/** Mailings (modules §8): the letters a workspace sends on a schedule, set up in a tab of the admin panel. */
export default defineWebModule({
  name: 'mailings',
  texts: { namespace: 'mailings', load: async (lang) => (await import('./texts')).mailingsTexts[lang] },
  adminTabs: [
    {
      key: 'mailings',
      order: 30,
      label: 'tab',
      load: async () => ({ default: (await import('./MailingsTab')).MailingsTab }),
    },
  ],
  a11yPages,
});
