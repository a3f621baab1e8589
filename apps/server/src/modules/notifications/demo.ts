import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';

/**
 * The demo workspace's centres, as the wall's content would have left them: a mention for each mentioned person,
 * a thank-you for each thanked one, a comment for each post author, and the must-read posts for everyone. The ones
 * of the last day stay unread.
 */
export async function seedNotifications(tx: Tx, clientId: string): Promise<void> {
  const events = sql`INSERT INTO notification_events (id, client_id, code, section, link, vars, actor_id, recipients, done_at, created)
    SELECT gen_random_uuid(), ${clientId}, code, 'posts', link, vars, actor_id, '{"everyone":true}'::jsonb, now(), created`;
  const entries = (source: ReturnType<typeof sql>) => sql`
    WITH src AS (${source}),
    ev AS (${events} FROM (SELECT DISTINCT code, link, vars, actor_id, created FROM src) d RETURNING id, code, link, created)
    INSERT INTO notifications (id, client_id, user_id, event_id, code, section, link, vars, actor_id, channels, in_center, read, created)
    SELECT gen_random_uuid(), ${clientId}, src.user_id, ev.id, src.code, 'posts', src.link, src.vars, src.actor_id,
           '{center,system}', true, src.created < now() - interval '1 day', src.created
    FROM src JOIN ev ON ev.code = src.code AND ev.link = src.link AND ev.created = src.created
    WHERE src.user_id <> src.actor_id
    ON CONFLICT DO NOTHING`;
  const from = (text: ReturnType<typeof sql>) =>
    sql`jsonb_build_object('actor', a.first_name || ' ' || a.last_name, 'text', left(regexp_replace(${text}, '@\\[([^\\]]+)\\]\\(user:[^)]+\\)', '@\\1', 'g'), 200))`;
  await tx.execute(
    entries(sql`SELECT CASE WHEN p.kind = 'thanks' THEN 'posts.thanks' ELSE 'posts.mention' END AS code,
      '/post/' || p.id AS link, ${from(sql`p.text`)} AS vars, p.author_id AS actor_id, m.user_id, p.created
      FROM post_mentions m JOIN posts p ON p.id = m.post_id JOIN users a ON a.id = p.author_id
      WHERE p.client_id = ${clientId}`),
  );
  await tx.execute(
    entries(sql`SELECT 'posts.comment' AS code, '/post/' || p.id AS link, ${from(sql`c.text`)} AS vars,
      c.author_id AS actor_id, p.author_id AS user_id, c.created
      FROM comments c JOIN posts p ON p.id = c.post_id JOIN users a ON a.id = c.author_id
      WHERE p.client_id = ${clientId} AND c.parent_type = 'post'`),
  );
  await tx.execute(
    entries(sql`SELECT 'posts.must_read' AS code, '/post/' || p.id AS link, ${from(sql`p.text`)} AS vars,
      p.author_id AS actor_id, u.id AS user_id, p.created
      FROM posts p JOIN users a ON a.id = p.author_id JOIN users u ON u.client_id = p.client_id AND NOT u.deletion_mark
      WHERE p.client_id = ${clientId} AND p.must_read`),
  );
}
