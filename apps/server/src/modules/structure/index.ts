// What other modules may use of the company structure (they import this file, never the module's own files).

export { administrativeDepartment, inAdministrativeSubtree } from './people-sql.js';
export { departmentsByIds, findDepartment } from './tree.js';
