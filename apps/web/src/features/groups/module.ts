import { IconUsersGroup } from '@tabler/icons-react';
import { defineWebModule } from '../../app/webModule';
import { a11yPages } from './a11y';

/**
 * Groups and projects (spec portal §2 "/groups/", "/groups/:_id", "/group/:_id"): the directory, a person's groups,
 * a group's page, and a project's page (Hallway's `/project/:_id`; projects are a tab of the directory).
 */
export default defineWebModule({
  name: 'groups',
  features: ['groups'],
  routes: [
    { path: 'groups', load: () => import('./GroupsPage') },
    { path: 'groups/:_id', load: () => import('./GroupsPage') },
    { path: 'group/:_id', load: () => import('./GroupPage') },
    { path: 'project/:_id', load: () => import('./ProjectPage') },
  ],
  menu: [
    {
      code: 'groups',
      to: () => '/groups/',
      icon: IconUsersGroup,
      feature: 'groups',
      activeOn: ['/group/', '/project/'],
    },
  ],
  texts: { namespace: 'groups', load: async (lang) => (await import('./texts')).groupsTexts[lang] },
  a11yPages,
});
