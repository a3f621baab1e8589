// What other modules may use of groups and projects (they import this file, never the module's own files).

export { canReadRow } from './policy.js';
export { getProject } from './projects.js';
export { findGroup, type LoadedGroup } from './service.js';
