import { type SQL, sql } from 'drizzle-orm';

/**
 * SQL the structure offers other modules about where people sit in the administrative tree (the vacations chart
 * filters and groups by it): the tree's tables are this module's own, so the statements naming them live here.
 */

/** True for a person (`userId`, a column) in the department `deptId` or any department below it. */
export const inAdministrativeSubtree = (clientId: string, deptId: string, userId: SQL): SQL =>
  sql`EXISTS (SELECT 1 FROM dept_users du WHERE du.client_id = ${clientId}
        AND du.type = 'administrative' AND du.user_id = ${userId} AND du.dept_id IN (WITH RECURSIVE down AS (
          SELECT id FROM departments WHERE id = ${deptId}
          UNION ALL SELECT d.id FROM departments d JOIN down ON d.parent_id = down.id) SELECT id FROM down))`;

/** The person's (`userId`, a column) department in the administrative tree, or null. */
export const administrativeDepartment = (clientId: string, userId: SQL): SQL =>
  sql`(SELECT du.dept_id FROM dept_users du
       WHERE du.client_id = ${clientId} AND du.type = 'administrative' AND du.user_id = ${userId} LIMIT 1)`;
