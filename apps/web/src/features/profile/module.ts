import { IconUser } from '@tabler/icons-react';
import { defineWebModule } from '../../app/webModule';
import { a11yPages } from './a11y';

const fieldTabs = () => import('./FieldTabs');
const otherTabs = () => import('./OtherTabs');

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
  // The read page's tabs and the edit mode's forms (other modules add theirs: posts, notifications).
  profileTabs: [
    {
      key: 'main',
      order: 20,
      mode: 'edit',
      label: 'profile.main',
      load: async () => ({ default: (await fieldTabs()).MainTab }),
    },
    {
      key: 'extra',
      order: 30,
      mode: 'edit',
      label: 'profile.extra',
      load: async () => ({ default: (await fieldTabs()).ExtraTab }),
    },
    {
      key: 'social',
      order: 40,
      mode: 'edit',
      label: 'profile.social',
      load: async () => ({ default: (await otherTabs()).SocialTab }),
    },
    {
      key: 'hrData',
      order: 50,
      mode: 'view',
      label: 'profile.hrData',
      // Only when the server sent them: the person, their chief, HR and administrators.
      shows: (person) => person.hrData !== undefined,
      load: async () => ({ default: (await otherTabs()).HrDataTab }),
    },
    {
      key: 'hrFiles',
      order: 60,
      mode: 'view',
      label: 'profile.hrFiles',
      shows: (person) => person.files !== undefined,
      load: async () => ({ default: (await otherTabs()).HrFilesTab }),
    },
    {
      key: 'contacts',
      order: 70,
      mode: 'edit',
      label: 'profile.contacts',
      load: async () => ({ default: (await fieldTabs()).ContactsTab }),
    },
    {
      key: 'subscribers',
      order: 90,
      mode: 'view',
      label: 'profile.subscribers',
      load: async () => ({ default: (await otherTabs()).SubscribersTab }),
    },
  ],
  a11yPages,
});
