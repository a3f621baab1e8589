import type { A11yPage } from '../../app/webModule';

/** The accessibility pass's pages of this module (plain data: the browser tests read it in Node). */
export const a11yPages: A11yPage[] = [
  { path: '/login/', as: 'public' },
  { path: '/login_new/', as: 'public' },
  { path: '/register/', as: 'public' },
  { path: '/forgot-password/', as: 'public' },
];
