import type { A11yPage } from '../../app/webModule';

/**
 * The accessibility pass's pages of this module (plain data: the browser tests read it in Node): the administrator's
 * newest conversation of the demo workspace, which shows the room list beside it (so `/chat` alone, the list and an
 * empty pane, is in it too).
 */
export const a11yPages: A11yPage[] = [{ path: '/chat/:first', as: 'admin', first: '/api/chat/rooms/:client' }];
