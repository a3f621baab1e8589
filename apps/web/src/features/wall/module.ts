import { IconHome } from '@tabler/icons-react';
import { defineWebModule } from '../../app/webModule';
import { a11yPages } from './a11y';

/** The company wall (spec portal §2 "/company", "/post/:id"), its widgets and a person's posts on their profile. */
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
  wallWidgets: [
    {
      key: 'thanks',
      order: 20,
      load: async () => {
        const { ThanksWidget, thanksQuery } = await import('./widgets/ThanksWidget');
        return { default: ThanksWidget, data: (client, clientId) => client.ensureQueryData(thanksQuery(clientId)) };
      },
    },
    {
      key: 'importantInGroups',
      order: 30,
      feature: 'groups',
      load: async () => {
        const { ImportantInGroupsWidget, importantInGroupsQuery } = await import('./widgets/ImportantInGroupsWidget');
        return { default: ImportantInGroupsWidget, data: (client) => client.ensureQueryData(importantInGroupsQuery()) };
      },
    },
    {
      key: 'birthdays',
      order: 40,
      feature: 'birthdays',
      load: async () => {
        const { BirthdaysWidget, birthdaysQuery } = await import('./widgets/BirthdaysWidget');
        return {
          default: BirthdaysWidget,
          data: (client, clientId) => client.ensureQueryData(birthdaysQuery(clientId)),
        };
      },
    },
    {
      key: 'links',
      order: 50,
      load: async () => {
        const { LinksWidget, linksQuery } = await import('./widgets/LinksWidget');
        return { default: LinksWidget, data: (client, clientId) => client.ensureQueryData(linksQuery(clientId)) };
      },
    },
  ],
  profileTabs: [
    {
      key: 'posts',
      order: 10,
      mode: 'view',
      feature: 'wall',
      label: 'person.posts',
      load: async () => ({ default: (await import('./PersonPosts')).PersonPosts }),
    },
  ],
  a11yPages,
});
