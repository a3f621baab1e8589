import type { A11yPage } from '../../app/webModule';

/** The accessibility pass's pages of this module (plain data: the browser tests read it in Node). */
export const a11yPages: A11yPage[] = [
  { path: '/idea', as: 'admin' },
  { path: '/idea?tab=inbox', as: 'admin' },
  { path: '/report_violation', as: 'admin' },
  { path: '/report_violation?tab=inbox', as: 'admin' },
];
