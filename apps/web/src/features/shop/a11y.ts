import type { A11yPage } from '../../app/webModule';

/** The accessibility pass's pages of this module (plain data: the browser tests read it in Node). */
export const a11yPages: A11yPage[] = [
  { path: '/shop/', as: 'admin' },
  { path: '/shop/balance', as: 'admin' },
  { path: '/shop/achievements', as: 'admin' },
  { path: '/shop/stats', as: 'admin' },
];
