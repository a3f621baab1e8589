// Where a person sits in the company (portal §2 profile "chief", §6 audiences "all heads", "by head", "by
// department"): the structure module decides, the people module owns the columns.

import type { Role } from '@hallway/shared';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../platform/db/client.js';
import type { RequestContext } from '../../platform/http/context.js';
import { assertMayManage } from './policy.js';

export interface ChiefChange {
  userId: string;
  chief: string | null;
  department: string;
}

/**
 * Sets `department` and `chief` of people from `placements`, a query answering `(user_id uuid, department text,
 * chief uuid)` rows; only rows that change are written. Answers the people whose chief changed, with the new one.
 * A change `by` a person gives nobody a new chief whom that person may not manage (the users policy: another
 * administrator's chief would read their HR data): 403 `cannot_change_admin`, and the transaction rolls back.
 */
export async function placePeople(
  tx: Tx,
  clientId: string,
  placements: SQL,
  by: RequestContext | 'system',
): Promise<ChiefChange[]> {
  const rows = await rowsOf<{
    user_id: string;
    roles: Role[];
    chief: string | null;
    department: string;
    was: string | null;
  }>(
    tx,
    sql`UPDATE users u SET department = p.department, chief = p.chief, updated = now()
        FROM (SELECT p.user_id, p.department, p.chief, cur.chief AS was
              FROM (${placements}) AS p(user_id, department, chief)
              JOIN users cur ON cur.id = p.user_id AND cur.client_id = ${clientId}) p
        WHERE u.id = p.user_id AND u.client_id = ${clientId}
          AND (u.department IS DISTINCT FROM p.department OR u.chief IS DISTINCT FROM p.chief)
        RETURNING u.id AS user_id, u.roles, u.chief, u.department, p.was`,
  );
  const changed = rows.filter((r) => r.chief !== r.was);
  if (by !== 'system') for (const r of changed) assertMayManage(by, { id: r.user_id, roles: r.roles });
  return changed.map((r) => ({ userId: r.user_id, chief: r.chief, department: r.department }));
}

/**
 * Locks a person's row for a change of their vacations (so concurrent requests of one person run one after the
 * other and cannot overlap or overdraw) and answers their balance and chief; null when they are not an active
 * person of the workspace.
 */
export async function lockVacationBalance(
  tx: Tx,
  clientId: string,
  userId: string,
): Promise<{ vacationDays: number; chief: string | null } | null> {
  const [row] = await rowsOf<{ vacation_days: number; chief: string | null }>(
    tx,
    sql`SELECT vacation_days, chief FROM users
        WHERE id = ${userId} AND client_id = ${clientId} AND NOT deletion_mark FOR UPDATE`,
  );
  return row ? { vacationDays: Number(row.vacation_days), chief: row.chief } : null;
}
