import { z } from 'zod';

/**
 * Notification centres: every person gets `notifications` entries over the last weeks, spread over the sections,
 * a fifth of them unread, as the fan-out job would have left them (one event per workspace carries them all).
 * Written by SQL on the database side: 100,000 people × 50 entries is five million rows.
 */
export default {
  name: 'notifications',
  after: ['users'],
  options: {
    /** Centre entries per person. */
    notifications: z.coerce.number().int().min(0).max(1000).default(50),
  },
  async run({ session, options, state }) {
    if (session.kind === 'pg') await session.query('SET synchronous_commit = off');
    let total = 0;
    const per = options.notifications;
    if (per === 0) return { notifications: 0 };
    for (const ws of state.workspaces) {
      const { rows } = await session.query(
        `INSERT INTO notification_events (id, client_id, code, section, vars, recipients, done_at, created)
         VALUES (gen_random_uuid(), $1, 'notifications.message', 'other', '{"actor":"Bench","title":"Bench","text":"Bench"}',
                 '{"everyone":true}', now(), now()) RETURNING id`,
        [ws.id],
      );
      const result = await session.query(
        `INSERT INTO notifications (id, client_id, user_id, event_id, code, section, link, vars, channels, in_center, read, created)
         SELECT gen_random_uuid(), u.client_id, u.id, $2, s.code, s.section, '/company',
                jsonb_build_object('actor', 'Bench Person', 'text', 'Entry ' || g, 'title', 'Entry ' || g),
                '{center,system}', true, g % 5 <> 0, now() - (g || ' hours')::interval
         FROM users u
         CROSS JOIN generate_series(1, $3::int) g
         CROSS JOIN LATERAL (SELECT (ARRAY['posts.mention','posts.comment','posts.reaction','users.follower','notifications.message'])[1 + g % 5] AS code,
                                    (ARRAY['posts','posts','posts','other','other'])[1 + g % 5] AS section) s
         WHERE u.client_id = $1`,
        [ws.id, rows[0].id, per],
      );
      total += result.rowCount ?? result.affectedRows ?? 0;
    }
    return { notifications: total };
  },
};
