import type { A11yPage } from '../../app/webModule';

/** The accessibility pass's pages of this module (plain data: the browser tests read it in Node). */
export const a11yPages: A11yPage[] = [
  { path: '/articles/', as: 'admin' },
  // An article of the demo workspace (the most read of any level).
  { path: '/article/:first', as: 'admin', first: '/api/user/:client/articles/access_for/:me?full=1&sort=popular' },
];
