import type { A11yPage } from '../../app/webModule';

/** The accessibility pass's pages of this module (plain data: the browser tests read it in Node). */
export const a11yPages: A11yPage[] = [
  { path: '/chat', as: 'admin' },
  // The administrator's newest conversation of the demo workspace, with its history.
  { path: '/chat/:first', as: 'admin', first: '/api/chat/rooms/:client' },
];
