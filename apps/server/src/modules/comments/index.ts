// What other modules may use of comments (they import this file, never the module's own files).

export type { CommentSubject, CommentSubjectResolver } from './parents.js';
export { threadOfSubject } from './service.js';
