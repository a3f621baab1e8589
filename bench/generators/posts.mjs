import { REACTIONS } from '@hallway/shared';
import { v7 as uuid } from 'uuid';
import { z } from 'zod';
import { insertRows } from '../lib/db.mjs';
import { COMMENTS, POST_OPENINGS, POST_SENTENCES, THANKS } from './wall-vocabulary.mjs';

const DAY = 86_400_000;
/** Posts spread over the last two years, like a wall that has been in use for a while. */
const SPAN = 2 * 365 * DAY;

const POST_COLUMNS = [
  'id',
  'client_id',
  'parent_type',
  'parent_id',
  'kind',
  'author_id',
  'text',
  'mentions',
  'must_read',
  'likes_count',
  'reactions',
  'comments_count',
  'views_count',
  'created',
  'updated',
];
const COMMENT_COLUMNS = [
  'id',
  'client_id',
  'parent_type',
  'parent_id',
  'subject_type',
  'subject_id',
  'post_id',
  'author_id',
  'text',
  'likes_count',
  'reactions',
  'answers_count',
  'created',
  'updated',
];

/** `k` distinct members of `list` (fewer when the list is shorter). */
function distinct(random, list, k) {
  const picked = new Set();
  const want = Math.min(k, list.length);
  while (picked.size < want) picked.add(list[random.int(0, list.length - 1)]);
  return [...picked];
}

const markup = (person) => `@[${person.name}](user:${person.id})`;
const reactionOf = (random) => (random.chance(0.7) ? 'like' : random.pick(REACTIONS));

/**
 * The wall (issue 5): per workspace, follows between people, `posts` posts (about 60% company, 35% on personal
 * feeds, 5% thank-you posts with one mention; some mention a colleague; a few must-read announcements by the
 * administrator), with comments and answers, reactions and views around the given averages. Every counter the
 * server keeps (likes, reactions, comments, answers, views, per-feed post counts) is written consistent with the
 * rows, so the API answers as if the data had come through it. Each sampled person gets `postId`, a recent company
 * post of their workspace, for the like scenario.
 */
export default {
  name: 'posts',
  after: ['clients', 'users'],
  options: {
    /** Posts per workspace (50 workspaces × 20,000 = 1,000,000). */
    posts: z.coerce.number().int().min(0).max(1_000_000).default(20_000),
    /** People each person follows. */
    follows: z.coerce.number().int().min(0).max(1000).default(10),
    commentsPerPost: z.coerce.number().min(0).max(50).default(1),
    likesPerPost: z.coerce.number().min(0).max(200).default(2),
    viewsPerPost: z.coerce.number().min(0).max(500).default(2),
  },
  async run({ session, options, random, state }) {
    const counts = { follows: 0, posts: 0, comments: 0, post_reactions: 0, post_views: 0, comment_reactions: 0 };
    const now = Date.now();
    // Generated rows are not precious: no disk flush per statement.
    if (session.kind === 'pg') await session.query('SET synchronous_commit = off');
    for (const ws of state.workspaces) {
      const ids = state.users.get(ws.id);
      const { rows: people } = await session.query(
        `SELECT id, first_name || ' ' || last_name AS name FROM users WHERE client_id = $1`,
        [ws.id],
      );
      const byId = new Map(people.map((p) => [p.id, p]));
      const someone = () => byId.get(ids[random.int(0, ids.length - 1)]);

      const follows = [];
      for (const follower of ids) {
        const others = distinct(random, ids, options.follows + 1).filter((id) => id !== follower);
        for (const followed of others.slice(0, options.follows)) follows.push([ws.id, follower, followed]);
      }
      await insertRows(session, 'follows', ['client_id', 'follower_id', 'user_id'], follows, { batch: 5000 });
      counts.follows += follows.length;

      const posts = [];
      const mentions = [];
      const reactions = [];
      const views = [];
      const comments = [];
      const commentReactions = [];
      const feedCounts = new Map();
      const companyPosts = [];
      // In time order, as a real wall grows: the table and its indexes fill from one end, fast and compact.
      const times = Array.from({ length: options.posts }, () => now - random.int(0, SPAN)).sort((a, b) => a - b);
      for (const createdMs of times) {
        const id = uuid({ msecs: createdMs });
        const created = new Date(createdMs).toISOString();
        const author = someone();
        const roll = random.next();
        let kind = 'post';
        let parentType = 'company';
        let text = `${random.pick(POST_OPENINGS)} ${random.pick(POST_SENTENCES)} ${random.pick(POST_SENTENCES)}`;
        const mentioned = [];
        if (roll < 0.05) {
          kind = 'thanks';
          let thanked = someone();
          while (thanked.id === author.id && ids.length > 1) thanked = someone();
          mentioned.push(thanked.id);
          text = `${markup(thanked)}, ${random.pick(THANKS)}`;
        } else if (roll >= 0.62) {
          parentType = 'feed';
        }
        if (kind === 'post' && random.chance(0.1)) {
          const cc = someone();
          mentioned.push(cc.id);
          text += ` cc ${markup(cc)}`;
        }
        const mustRead = parentType === 'company' && kind === 'post' && random.chance(0.002);
        const authorId = mustRead ? ids[0] : author.id;
        for (const userId of mentioned) mentions.push([ws.id, id, userId, created]);

        const tally = {};
        const likers = distinct(random, ids, random.int(0, Math.round(2 * options.likesPerPost)));
        for (const userId of likers) {
          const reaction = reactionOf(random);
          tally[reaction] = (tally[reaction] ?? 0) + 1;
          reactions.push([ws.id, id, userId, reaction, created]);
        }
        const viewers = distinct(random, ids, random.int(0, Math.round(2 * options.viewsPerPost)));
        for (const userId of viewers)
          views.push([ws.id, id, userId, parentType === 'feed' ? 'user_feed' : 'company', created]);

        const thread = [];
        const commentCount = random.int(0, Math.round(2 * options.commentsPerPost));
        for (let c = 0; c < commentCount; c++) {
          const at = Math.min(now, createdMs + random.int(1, 3 * DAY));
          const answerTo = thread.length && random.chance(0.25) ? random.pick(thread) : null;
          const liked = random.chance(0.3);
          const row = [
            uuid({ msecs: at }),
            ws.id,
            answerTo ? 'comment' : 'post',
            answerTo ? answerTo[0] : id,
            'post',
            id,
            id,
            someone().id,
            random.pick(COMMENTS),
            liked ? 1 : 0,
            JSON.stringify(liked ? { like: 1 } : {}),
            0,
            new Date(at).toISOString(),
            new Date(at).toISOString(),
          ];
          if (answerTo) answerTo[11] += 1;
          else thread.push(row);
          comments.push(row);
          if (liked) commentReactions.push([ws.id, row[0], someone().id, 'like', row[12]]);
        }

        posts.push([
          id,
          ws.id,
          parentType,
          parentType === 'feed' ? authorId : ws.id,
          kind,
          authorId,
          text,
          mentioned,
          mustRead,
          likers.length,
          JSON.stringify(tally),
          commentCount,
          viewers.length,
          created,
          created,
        ]);
        const key = parentType === 'feed' ? `feed:${authorId}` : `company:${ws.id}`;
        feedCounts.set(key, (feedCounts.get(key) ?? 0) + 1);
        if (parentType === 'company') companyPosts.push([createdMs, id]);
      }

      await insertRows(session, 'posts', POST_COLUMNS, posts, { casts: { mentions: 'uuid[]', reactions: 'jsonb' } });
      await insertRows(session, 'post_mentions', ['client_id', 'post_id', 'user_id', 'created'], mentions, {
        batch: 5000,
      });
      await insertRows(
        session,
        'post_reactions',
        ['client_id', 'post_id', 'user_id', 'reaction', 'created'],
        reactions,
        {
          batch: 5000,
        },
      );
      await insertRows(session, 'post_views', ['client_id', 'post_id', 'user_id', 'where', 'created'], views, {
        batch: 5000,
      });
      await insertRows(session, 'comments', COMMENT_COLUMNS, comments, { casts: { reactions: 'jsonb' }, batch: 2000 });
      await insertRows(
        session,
        'comment_reactions',
        ['client_id', 'comment_id', 'user_id', 'reaction', 'created'],
        commentReactions,
        { batch: 5000 },
      );
      await insertRows(
        session,
        'post_counts',
        ['client_id', 'feed', 'key', 'count'],
        [...feedCounts].map(([feedKey, count]) => {
          const [feed, key] = feedKey.split(':');
          return [ws.id, feed, key, count];
        }),
        { batch: 5000 },
      );

      // The like scenario toggles recent company posts: each sampled person their own one.
      const recent = companyPosts.sort((a, b) => b[0] - a[0]).slice(0, 500);
      for (const person of state.sample.filter((p) => p.clientId === ws.id)) {
        if (recent.length) person.postId = random.pick(recent)[1];
      }

      counts.posts += posts.length;
      counts.comments += comments.length;
      counts.post_reactions += reactions.length;
      counts.post_views += views.length;
      counts.comment_reactions += commentReactions.length;
    }
    return counts;
  },
};
