import { IconLayoutKanban } from '@tabler/icons-react';
import { defineWebModule } from '../../app/webModule';
import { a11yPages } from './a11y';

// Its own pattern, not the shared package's `isUuid`: the module registry is in the sign-in page's first bundle,
// which the shared package (with zod) would push past its budget.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The task tracker (portal §2 "/task-tracker/", "/desk/:_id"; modules §3 "Task board"): the desks (mine, shared
 * with me, by project; a project page's desks), a desk as a kanban of lanes and cards or as a table, a card's drawer with its comments and history.
 */
export default defineWebModule({
  name: 'tasks',
  features: ['task_tracker'],
  routes: [
    { path: 'task-tracker', load: () => import('./DesksPage') },
    {
      path: 'desk/:_id',
      load: () => import('./DeskPage'),
      prefetch: async (params, client) => {
        const id = params._id?.toLowerCase() ?? '';
        if (!UUID.test(id)) return;
        const { taskQueries } = await import('./queries');
        await client.prefetchQuery(taskQueries.desk(id));
      },
    },
  ],
  menu: [
    {
      code: 'task_tracker',
      to: () => '/task-tracker',
      icon: IconLayoutKanban,
      feature: 'task_tracker',
      right: 'task_tracker',
      activeOn: ['/desk/'],
    },
  ],
  // A project page's desks.
  projectPanels: [
    {
      key: 'desks',
      order: 10,
      feature: 'task_tracker',
      right: 'task_tracker',
      load: () => import('./ProjectDesks'),
    },
  ],
  texts: { namespace: 'tasks', load: async (lang) => (await import('./texts')).tasksTexts[lang] },
  a11yPages,
});
