import type { A11yPage } from '../../app/webModule';

/** The accessibility pass's pages of this module (plain data: the browser tests read it in Node). */
export const a11yPages: A11yPage[] = [
  { path: '/task-tracker', as: 'admin' },
  // A desk of the demo workspace shared with the administrator ("Office move"), as a kanban and as a table.
  { path: '/desk/:first', as: 'admin', first: '/api/task_tracker/desks?list=shared' },
  { path: '/desk/:first?view=table', as: 'admin', first: '/api/task_tracker/desks?list=shared' },
];
