// What other modules may use of notifications (they import this file, never the module's own files).

export { markAnsweredRead } from './answered.js';
export { unreadByPerson } from './service.js';
