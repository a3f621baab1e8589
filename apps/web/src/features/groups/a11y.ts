import type { A11yPage } from '../../app/webModule';

/** The accessibility pass's pages of this module (plain data: the browser tests read it in Node). */
export const a11yPages: A11yPage[] = [
  { path: '/groups/', as: 'admin' },
  // A group of the demo workspace.
  { path: '/group/:first', as: 'admin', first: '/api/group/byClient/:client' },
  // A project's page, with the panels other modules add to it (the task tracker's desks).
  { path: '/project/:first', as: 'admin', first: '/api/project/' },
];
