import type { A11yPage } from '../../app/webModule';

/** The accessibility pass's pages of this module (plain data: the browser tests read it in Node). */
export const a11yPages: A11yPage[] = [
  { path: '/services', as: 'admin' },
  { path: '/services?tab=my', as: 'admin' },
  { path: '/service/new', as: 'admin' },
  // A service of the demo workspace (the designer's list), its page and its designer.
  { path: '/service/:first', as: 'admin', first: '/api/bp/tmpls/:client' },
  { path: '/service/:first?tab=table', as: 'admin', first: '/api/bp/tmpls/:client' },
  { path: '/service/:first/edit', as: 'admin', first: '/api/bp/tmpls/:client' },
];
