import { IconUser } from '@tabler/icons-react';
import { defineWebModule } from '../../app/webModule';
import notifications from '../notifications/module';

/**
 * Profiles (spec portal §2 "/profile/:id"). Its namespace `people` holds the texts of the whole people side, which
 * the address book, employees and birthdays modules use through `usePeopleTexts`.
 */
export default defineWebModule({
  name: 'profile',
  routes: [
    {
      path: 'profile/:_id',
      load: () => import('./ProfilePage'),
      prefetch: async ({ _id }, client) => {
        if (!_id) return;
        const { profileQueries } = await import('./queries');
        await client.prefetchQuery(profileQueries.person(_id));
      },
    },
  ],
  menu: [{ code: 'profile', to: (userId) => `/profile/${userId}`, icon: IconUser }],
  texts: { namespace: 'people', load: async (lang) => (await import('./texts')).peopleTexts[lang] },
  // The "notifications" tab shows the notifications module's settings.
  uses: [notifications],
});
