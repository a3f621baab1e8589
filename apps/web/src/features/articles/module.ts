import { IconBook2 } from '@tabler/icons-react';
import { defineWebModule } from '../../app/webModule';
import { a11yPages } from './a11y';

/**
 * The knowledge base (modules §2 "/articles/", "/articles/:parent", "/article/:_id"): folders and articles in a tree,
 * the rich-text editor, versions, access, files, tags and the wall's widget. The editor, the body and the tag picker
 * serve vacancies, tasks and learning too (`index.ts`).
 */
export default defineWebModule({
  name: 'articles',
  features: ['knowl_base'],
  // The page shows the wall's block of useful links (module `knowl_base`), with its texts.
  uses: ['wall'],
  routes: [
    { path: 'articles', load: () => import('./ArticlesPage') },
    { path: 'articles/:parent', load: () => import('./ArticlesPage') },
    {
      path: 'article/:_id',
      load: () => import('./ArticlePage'),
      prefetch: async (params, client) => {
        const { articleQueries } = await import('./queries');
        await client.prefetchQuery(articleQueries.node(params._id!));
      },
    },
  ],
  menu: [
    {
      code: 'articles',
      to: () => '/articles/',
      icon: IconBook2,
      feature: 'knowl_base',
      activeOn: ['/article/'],
    },
  ],
  texts: { namespace: 'articles', load: async (lang) => (await import('./texts')).articlesTexts[lang] },
  wallWidgets: [
    {
      key: 'knowledge',
      order: 50,
      feature: 'knowl_base',
      load: async () => {
        const { KnowledgeWidget, knowledgeWidgetQuery } = await import('./KnowledgeWidget');
        return {
          default: KnowledgeWidget,
          data: (client, clientId, userId) => client.ensureQueryData(knowledgeWidgetQuery(clientId, userId, 'newest')),
        };
      },
    },
  ],
  a11yPages,
});
