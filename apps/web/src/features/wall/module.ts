import { IconHome } from '@tabler/icons-react';
import { defineWebModule } from '../../app/webModule';

/** The company wall (spec portal §2 "/company", "/post/:id"). */
export default defineWebModule({
  name: 'wall',
  features: ['wall'],
  routes: [
    {
      path: 'company',
      load: () => import('./WallPage'),
      prefetch: async (_params, client) => (await import('./queries')).prefetchStoredFeed(client),
    },
    { path: 'post/:_id', load: () => import('./PostPage') },
  ],
  menu: [{ code: 'company', to: () => '/company', icon: IconHome, feature: 'wall', activeOn: ['/post'] }],
  texts: { namespace: 'wall', load: async (lang) => (await import('./texts')).wallTexts[lang] },
});
