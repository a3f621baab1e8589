import type { A11yPage } from '../../app/webModule';

/** The accessibility pass's pages of this module (plain data: the browser tests read it in Node). */
export const a11yPages: A11yPage[] = [
  { path: '/courses', as: 'admin' },
  { path: '/courses/settings', as: 'admin' },
  { path: '/courses/new', as: 'admin' },
  { path: '/courses/:first', as: 'admin', first: '/api/courses?list=manage' },
];
