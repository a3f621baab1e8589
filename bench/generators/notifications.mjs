import { z } from 'zod';

/**
 * Notification centres: every person gets `notifications` entries over the last weeks, spread over the sections,
 * a fifth of them unread, as the fan-out job would have left them.
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
      // One event per entry number: an event reaches a person once (notifications_event_user_key).
      const result = await session.query(
        `WITH ev AS (
           INSERT INTO notification_events (id, client_id, code, section, vars, recipients, done_at, created)
           SELECT gen_random_uuid(), $1, 'notifications.message', 'other', jsonb_build_object('g', g),
                  '{"everyone":true}', now(), now()
           FROM generate_series(1, $2::int) g RETURNING id, (vars->>'g')::int AS g)
         INSERT INTO notifications (id, client_id, user_id, event_id, code, section, link, vars, channels, in_center, read, created)
         SELECT gen_random_uuid(), u.client_id, u.id, ev.id, s.code, s.section, '/company',
                jsonb_build_object('actor', 'Bench Person', 'text', 'Entry ' || ev.g, 'title', 'Entry ' || ev.g),
                '{center,system}', true, ev.g % 5 <> 0, now() - (ev.g || ' hours')::interval
         FROM users u
         CROSS JOIN ev
         CROSS JOIN LATERAL (SELECT (ARRAY['posts.mention','posts.comment','posts.reaction','users.follower','notifications.message'])[1 + ev.g % 5] AS code,
                                    (ARRAY['posts','posts','posts','other','other'])[1 + ev.g % 5] AS section) s
         WHERE u.client_id = $1`,
        [ws.id, per],
      );
      total += result.rowCount ?? result.affectedRows ?? 0;
    }
    return { notifications: total };
  },
};
