// What other modules may use of the company structure (they import this file, never the module's own files).
export { findDepartment } from './tree.js';
