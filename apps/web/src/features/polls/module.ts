import { IconChecklist } from '@tabler/icons-react';
import { defineWebModule } from '../../app/webModule';
import { a11yPages } from './a11y';

// Its own pattern, not the shared package's `isUuid`: the module registry is in the sign-in page's first bundle,
// which the shared package (with zod) would push past its budget.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Polls (modules §2 "/polls", "/poll/new", "/poll/:_id", "/poll/:_id/results", the wall's polls widget): the list,
 * the editor (new, a copy, an edit), the answering form and the results with their charts, table and "not passed".
 */
export default defineWebModule({
  name: 'polls',
  features: ['polls'],
  routes: [
    { path: 'polls', load: () => import('./PollsPage') },
    { path: 'poll/new', load: () => import('./PollEditorPage') },
    {
      path: 'poll/:_id',
      load: () => import('./PollPage'),
      prefetch: async (params, client) => {
        const id = params._id?.toLowerCase() ?? '';
        if (!UUID.test(id)) return;
        const { pollQueries } = await import('./queries');
        await client.prefetchQuery(pollQueries.one(id));
      },
    },
    {
      path: 'poll/:_id/edit',
      load: async () => ({ default: (await import('./PollEditorPage')).EditPollPage }),
    },
    {
      path: 'poll/:_id/results',
      load: () => import('./ResultsPage'),
      prefetch: async (params, client) => {
        const id = params._id?.toLowerCase() ?? '';
        if (!UUID.test(id)) return;
        const { pollQueries } = await import('./queries');
        await client.prefetchQuery(pollQueries.results(id));
      },
    },
  ],
  menu: [{ code: 'polls', to: () => '/polls', icon: IconChecklist, feature: 'polls', activeOn: ['/poll/'] }],
  texts: { namespace: 'polls', load: async (lang) => (await import('./texts')).pollsTexts[lang] },
  wallWidgets: [
    {
      key: 'polls',
      order: 55,
      feature: 'polls',
      load: async () => {
        const { PollsWidget, pollsWidgetQuery } = await import('./PollsWidget');
        return {
          default: PollsWidget,
          data: (client, clientId, userId) => client.ensureQueryData(pollsWidgetQuery(clientId, userId)),
        };
      },
    },
  ],
  a11yPages,
});
