// The administrative tree decides each person's department and chief (portal §2 profile "chief"; §6 audiences
// "all heads", "by head", "by department" and notifications to the chief read those fields of people).
import { type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/http/context.js';
import { notify } from '../../platform/notify/notify.js';
import { type ChiefChange, personCards, placePeople } from '../users/index.js';

/**
 * Brings every member of the administrative tree up to date, and clears `removed` people who are in it no more:
 * department = their department's name; chief = its head, or for the head themself the nearest head above. One
 * statement over the whole tree (a recursive walk from the root carrying the nearest head above), writing only
 * the people whose fields change. People whose chief changed are told who their chief is now.
 */
export async function syncAdministrative(ctx: RequestContext, removed: string[] = []): Promise<ChiefChange[]> {
  const clientId = ctx.tenant();
  const changes = await placePeople(ctx.db, clientId, placementsSql(clientId, removed), ctx);
  await tellNewChiefs(ctx, changes);
  return changes;
}

/** `(user_id, department, chief)` of every member of the administrative tree, and cleared rows for `removed`. */
export function placementsSql(clientId: string, removed: string[] = []): SQL {
  return sql`
    WITH RECURSIVE t AS (
      SELECT id, name, head_id, NULL::uuid AS above FROM departments
      WHERE client_id = ${clientId} AND type = 'administrative' AND parent_id IS NULL
      UNION ALL
      SELECT c.id, c.name, c.head_id, coalesce(t.head_id, t.above)
      FROM departments c JOIN t ON c.parent_id = t.id
    )
    SELECT du.user_id, t.name,
           CASE WHEN t.head_id IS NOT NULL AND t.head_id <> du.user_id THEN t.head_id ELSE t.above END
    FROM dept_users du JOIN t ON t.id = du.dept_id
    WHERE du.client_id = ${clientId} AND du.type = 'administrative'
    UNION ALL
    SELECT r.value::uuid, '', NULL::uuid FROM jsonb_array_elements_text(${JSON.stringify(removed)}::jsonb) r
    WHERE NOT EXISTS (SELECT 1 FROM dept_users x WHERE x.client_id = ${clientId}
                      AND x.type = 'administrative' AND x.user_id = r.value::uuid)`;
}

/** One notification per new chief and department, to everyone who got that chief. */
async function tellNewChiefs(ctx: RequestContext, changes: ChiefChange[]): Promise<void> {
  const byChief = new Map<string, ChiefChange[]>();
  for (const change of changes) {
    if (!change.chief) continue;
    const key = `${change.chief}\u0000${change.department}`;
    byChief.set(key, [...(byChief.get(key) ?? []), change]);
  }
  if (!byChief.size) return;
  const cards = await personCards(
    ctx.db,
    changes.flatMap((c) => (c.chief ? [c.chief] : [])),
  );
  for (const group of byChief.values()) {
    const chief = group[0].chief!;
    await notify(ctx, {
      code: 'structure.chief_changed',
      recipients: group.map((c) => c.userId),
      vars: { chief: cards.get(chief)?.name ?? '', department: group[0].department },
      link: `/profile/${chief}`,
    });
  }
}
