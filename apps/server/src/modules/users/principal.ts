import type { FeatureFlag, Rights, Role } from '@hallway/shared';
import type { PrincipalQuery } from '../../platform/access/guard.js';
import { uuidLiteral } from '../../platform/db/tenant.js';

interface PrincipalRow {
  id: string;
  client_id: string | null;
  login: string;
  roles: Role[];
  rights: Rights;
  first_name: string;
  last_name: string;
  lang: string | null;
  deletion_mark: boolean;
  token_version: number;
  c_id: string | null;
  c_workspace: string;
  c_status: 'active' | 'blocked';
  c_features: FeatureFlag[];
}

/**
 * The guard's lookup of the person and, when the request acts in one, their workspace: written out once so it
 * rides in the same round trip as BEGIN (it runs on every request).
 */
export const principalQuery: PrincipalQuery = {
  sql: (userId, clientId) => `
    SELECT u.id, u.client_id, u.login, u.roles, u.rights, u.first_name, u.last_name, u.lang, u.deletion_mark,
           u.token_version, c.id AS c_id, c.workspace AS c_workspace, c.status AS c_status, c.features AS c_features
    FROM users u LEFT JOIN clients c ON ${clientId ? `c.id = ${uuidLiteral(clientId)}` : 'false'}
    WHERE u.id = ${uuidLiteral(userId)};`,
  read: (rows) => {
    const row = rows[0] as unknown as PrincipalRow | undefined;
    if (!row) return null;
    return {
      user: {
        id: row.id,
        clientId: row.client_id,
        login: row.login,
        roles: row.roles,
        rights: row.rights,
        firstName: row.first_name,
        lastName: row.last_name,
        lang: row.lang,
        deletionMark: row.deletion_mark,
        tokenVersion: Number(row.token_version),
      },
      client: row.c_id
        ? { id: row.c_id, workspace: row.c_workspace, status: row.c_status, features: row.c_features }
        : null,
    };
  },
};
