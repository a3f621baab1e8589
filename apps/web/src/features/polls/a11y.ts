import type { A11yPage } from '../../app/webModule';

/** The accessibility pass's pages of this module (plain data: the browser tests read it in Node). */
export const a11yPages: A11yPage[] = [
  { path: '/polls', as: 'admin' },
  { path: '/poll/new', as: 'admin' },
  // A poll of the demo workspace, its results and its editor.
  { path: '/poll/:first', as: 'admin', first: '/api/user/:client/polls/access_for/:me?status=all' },
  { path: '/poll/:first/results', as: 'admin', first: '/api/user/:client/polls/access_for/:me?status=all' },
];
