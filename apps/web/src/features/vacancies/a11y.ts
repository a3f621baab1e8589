import type { A11yPage } from '../../app/webModule';

/** The accessibility pass's pages of this module (plain data: the browser tests read it in Node). */
export const a11yPages: A11yPage[] = [
  { path: '/vacancies/', as: 'admin' },
  // A vacancy of the demo workspace.
  { path: '/vacancy/:first', as: 'admin', first: '/api/user/:client/articles/access_for/:me?section=vacancy' },
];
