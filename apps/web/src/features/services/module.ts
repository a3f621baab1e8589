import { IconListDetails } from '@tabler/icons-react';
import { defineWebModule } from '../../app/webModule';
import { a11yPages } from './a11y';

// Its own pattern, not the shared package's `isUuid`: the module registry is in the sign-in page's first bundle,
// which the shared package (with zod) would push past its budget.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Services (modules §2 "/services/", "/service/:_id", §4, §5): the catalogue, "my requests" and the performer's
 * queue, the designer, a service's form and tabs (info, steps, rights, my requests, table), a request's page, and
 * "ask the office".
 */
export default defineWebModule({
  name: 'services',
  features: ['services'],
  routes: [
    { path: 'services', load: () => import('./ServicesPage') },
    { path: 'service/new', load: () => import('./ServiceEditorPage') },
    {
      path: 'service/:_id',
      load: () => import('./ServicePage'),
      prefetch: async (params, client) => {
        const id = params._id?.toLowerCase() ?? '';
        if (!UUID.test(id)) return;
        const { serviceQueries } = await import('./queries');
        await client.prefetchQuery(serviceQueries.one(id));
      },
    },
    {
      path: 'service/:_id/edit',
      load: async () => ({ default: (await import('./ServiceEditorPage')).EditServicePage }),
    },
  ],
  menu: [
    { code: 'services', to: () => '/services', icon: IconListDetails, feature: 'services', activeOn: ['/service/'] },
  ],
  texts: { namespace: 'services', load: async (lang) => (await import('./texts')).servicesTexts[lang] },
  a11yPages,
});
