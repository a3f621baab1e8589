// What other modules may use of workspaces (they import this file, never the module's own files; tables.ts aside).
export { completeFeatures, presentClient, workspaceTimeZone } from './presenter.js';
