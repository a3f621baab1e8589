import { IconBriefcase } from '@tabler/icons-react';
import { defineWebModule } from '../../app/webModule';
import { a11yPages } from './a11y';

/**
 * Vacancies (modules §2 "/vacancies/", "/vacancy/:_id", the wall's vacancies widget): open positions, stored as
 * articles of the section `vacancy`, with the response form that sends a CV to the vacancy's receivers.
 */
export default defineWebModule({
  name: 'vacancies',
  features: ['vacancies'],
  // The description's editor and the tag picker are the knowledge base's, with its texts.
  uses: ['articles'],
  routes: [
    { path: 'vacancies', load: () => import('./VacanciesPage') },
    {
      path: 'vacancy/:_id',
      load: () => import('./VacancyPage'),
      prefetch: async (params, client) => {
        const { vacancyQueries } = await import('./queries');
        const id = params._id?.toLowerCase() ?? '';
        if (/^[0-9a-f-]{36}$/.test(id)) await client.prefetchQuery(vacancyQueries.one(id));
      },
    },
  ],
  menu: [
    { code: 'vacancies', to: () => '/vacancies/', icon: IconBriefcase, feature: 'vacancies', activeOn: ['/vacancy/'] },
  ],
  texts: { namespace: 'vacancies', load: async (lang) => (await import('./texts')).vacanciesTexts[lang] },
  wallWidgets: [
    {
      key: 'vacancies',
      order: 60,
      feature: 'vacancies',
      load: async () => {
        const { VacanciesWidget, vacanciesWidgetQuery } = await import('./VacanciesWidget');
        return {
          default: VacanciesWidget,
          data: (client, clientId, userId) => client.ensureQueryData(vacanciesWidgetQuery(clientId, userId)),
        };
      },
    },
  ],
  a11yPages,
});
