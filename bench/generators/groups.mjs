import { v7 as uuid } from 'uuid';
import { z } from 'zod';
import { insertRows } from '../lib/db.mjs';
import { POST_OPENINGS, POST_SENTENCES } from './wall-vocabulary.mjs';

const DAY = 86_400_000;
const TOPICS = ['Running', 'Chess', 'Frontend', 'Backend', 'Design', 'Book', 'Photo', 'Cycling', 'Data', 'Support'];
const KINDS = ['club', 'guild', 'circle', 'team', 'community', 'corner', 'lab', 'crew'];

/**
 * Groups (issue 14), in the first workspace only (bench001, usually the large one): `groups` groups (half public,
 * 30% closed, 20% private), each with about `groupMembers` members and `groupPosts` posts of the last 60 days;
 * every sampled person of bench001 is a member of `groupMemberships` of them. Member and post counters are written
 * consistent with the rows. Nothing is written with `groups` at 0 (the default).
 */
export default {
  name: 'groups',
  after: ['clients', 'users', 'posts'],
  options: {
    groups: z.coerce.number().int().min(0).max(100_000).default(0),
    groupMembers: z.coerce.number().int().min(0).max(10_000).default(20),
    groupMemberships: z.coerce.number().int().min(0).max(10_000).default(200),
    groupPosts: z.coerce.number().int().min(0).max(1000).default(10),
  },
  async run({ session, options, random, state }) {
    const counts = { groups: 0, group_members: 0, group_posts: 0 };
    if (!options.groups) return counts;
    if (session.kind === 'pg') await session.query('SET synchronous_commit = off');
    const ws = state.workspaces[0];
    const ids = state.users.get(ws.id);
    const now = Date.now();
    const groups = [];
    const members = [];
    const posts = [];
    const postCounts = [];
    const memberSets = [];
    for (let i = 0; i < options.groups; i++) {
      const roll = i % 10;
      const type = roll < 5 ? 'public' : roll < 8 ? 'closed' : 'private';
      const owner = ids[random.int(0, ids.length - 1)];
      const set = new Set([owner]);
      const size = random.int(0, 2 * options.groupMembers);
      while (set.size < Math.min(size + 1, ids.length)) set.add(ids[random.int(0, ids.length - 1)]);
      memberSets.push({ id: uuid({ msecs: now - (options.groups - i) * 60_000 }), owner, type, set, i });
    }
    for (const person of state.sample.filter((p) => p.clientId === ws.id)) {
      const want = Math.min(options.groupMemberships, memberSets.length);
      const picked = new Set();
      while (picked.size < want) picked.add(random.int(0, memberSets.length - 1));
      for (const index of picked) memberSets[index].set.add(person.id);
    }
    for (const g of memberSets) {
      const name = `${TOPICS[g.i % TOPICS.length]} ${KINDS[Math.floor(g.i / TOPICS.length) % KINDS.length]} ${g.i + 1}`;
      const created = new Date(now - 400 * DAY + g.i * 1000).toISOString();
      groups.push([
        g.id,
        ws.id,
        'group',
        name,
        `Everything about ${name.toLowerCase()}`,
        g.type,
        g.owner,
        g.set.size,
        created,
      ]);
      for (const userId of g.set) members.push([ws.id, g.id, userId, userId === g.owner ? 'owner' : 'member', created]);
      const people = [...g.set];
      for (let p = 0; p < options.groupPosts; p++) {
        const at = now - random.int(0, 60 * DAY);
        const text = `${random.pick(POST_OPENINGS)} ${random.pick(POST_SENTENCES)}`;
        posts.push([
          uuid({ msecs: at }),
          ws.id,
          'group',
          g.id,
          'post',
          random.pick(people),
          text,
          new Date(at).toISOString(),
        ]);
      }
      if (options.groupPosts) postCounts.push([ws.id, 'group', g.id, options.groupPosts]);
    }
    posts.sort((a, b) => (a[7] < b[7] ? -1 : 1));
    await insertRows(
      session,
      'groups',
      ['id', 'client_id', 'kind', 'name', 'description', 'type', 'owner_id', 'members_count', 'created'],
      groups,
      { batch: 2000 },
    );
    await insertRows(session, 'group_members', ['client_id', 'group_id', 'user_id', 'role', 'created'], members, {
      batch: 5000,
    });
    await insertRows(
      session,
      'posts',
      ['id', 'client_id', 'parent_type', 'parent_id', 'kind', 'author_id', 'text', 'created'],
      posts,
      { batch: 2000 },
    );
    await insertRows(session, 'post_counts', ['client_id', 'feed', 'key', 'count'], postCounts, { batch: 5000 });
    counts.groups = groups.length;
    counts.group_members = members.length;
    counts.group_posts = posts.length;
    return counts;
  },
};
