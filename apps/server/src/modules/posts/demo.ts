import { mentionMarkup, type Reaction, type StoredFile } from '@hallway/shared';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { newId } from '../../platform/db/ids.js';
import type { Platform } from '../../platform/index.js';
import { demoPhoto, encodeDemoImage, storeDemoImages } from '../files/index.js';
import { users } from '../users/tables.js';
import { postAcks, postMentions, postReactions, posts, postViews } from './tables.js';

export interface DemoAnswer {
  by: string;
  text: string;
  minutesAfter: number;
  likes?: string[];
}
export interface DemoComment extends DemoAnswer {
  answers?: DemoAnswer[];
}
interface DemoPost {
  by: string;
  hoursAgo: number;
  /** `{@login}` becomes a mention of that person. */
  text: string;
  kind?: 'thanks';
  feed?: boolean;
  mustRead?: boolean;
  acks?: string[];
  reactions?: Record<string, Reaction>;
  /** Logins who viewed it; everyone who reacted or commented viewed it too. */
  viewers?: string[];
  comments?: DemoComment[];
  /** Seeds of photos drawn for it (files demoPhoto), attached as the author's uploads. */
  photos?: string[];
}

export const WALL: DemoPost[] = [
  {
    by: 'admin',
    hoursAgo: 2,
    mustRead: true,
    text: 'New security policy: from Monday every account needs two-factor sign-in. The setup takes two minutes — the guide is under Useful links. Please confirm below that you have read this.',
    acks: ['anna', 'lukas', 'priya', 'tom', 'sofia', 'hannah', 'ines'],
    reactions: { lukas: 'like', omar: 'like' },
    viewers: ['anna', 'lukas', 'priya', 'tom', 'sofia', 'hannah', 'ines', 'omar', 'daniel', 'felix'],
    comments: [
      {
        by: 'tom',
        text: 'Does this also apply to the test accounts we use for the mobile app?',
        minutesAfter: 20,
        answers: [
          {
            by: 'omar',
            text: 'Only personal accounts. Service accounts keep their keys, I will rotate them next sprint.',
            minutesAfter: 35,
            likes: ['tom', 'elena'],
          },
        ],
      },
    ],
  },
  {
    by: 'anna',
    hoursAgo: 5,
    kind: 'thanks',
    text: '{@lukas} thank you for pairing with me on the accessibility audit — the new colour tokens finally pass everywhere!',
    reactions: { lukas: 'love', sofia: 'celebrate', priya: 'like', tom: 'like' },
    viewers: ['lukas', 'sofia', 'priya', 'tom', 'ben'],
    comments: [
      { by: 'lukas', text: 'Anytime! It was fun to dig into contrast ratios.', minutesAfter: 12, likes: ['anna'] },
    ],
  },
  {
    by: 'sofia',
    hoursAgo: 26,
    text: 'We just shipped the new onboarding flow 🎉 Activation in the first week is up 18% in the beta group. Huge work by {@anna} and {@tom}.',
    photos: ['launch-day'],
    reactions: { daniel: 'celebrate', anna: 'love', tom: 'celebrate', felix: 'like', jonas: 'wow', ben: 'like' },
    viewers: ['daniel', 'anna', 'tom', 'felix', 'jonas', 'ben', 'lea', 'noah', 'admin'],
    comments: [
      {
        by: 'daniel',
        text: 'Fantastic result. Can we show it at the Thursday town hall?',
        minutesAfter: 40,
        likes: ['sofia', 'anna'],
        answers: [
          { by: 'sofia', text: 'Yes! Ben is preparing the charts.', minutesAfter: 55 },
          { by: 'ben', text: 'Slides will be in the shared folder tonight.', minutesAfter: 70, likes: ['daniel'] },
        ],
      },
      { by: 'jonas', text: 'Sales will love this — customers asked for it all year.', minutesAfter: 90 },
    ],
  },
  {
    by: 'daniel',
    hoursAgo: 50,
    text: 'Town hall on Thursday at 16:00 in the big meeting room and online: Q3 results, the product roadmap and a few words about our new Lisbon office.',
    photos: ['town-hall'],
    reactions: { sofia: 'like', jonas: 'like', ines: 'celebrate', clara: 'like' },
    viewers: ['sofia', 'jonas', 'ines', 'clara', 'anna', 'pedro', 'mia', 'david'],
    comments: [
      {
        by: 'ines',
        text: 'The Lisbon team will join from the new office 👋',
        minutesAfter: 30,
        likes: ['daniel', 'pedro', 'mia'],
      },
    ],
  },
  {
    by: 'pedro',
    hoursAgo: 74,
    kind: 'thanks',
    text: '{@ines} thank you for covering my weekend shift when my flight got cancelled. You are the best team lead!',
    reactions: { ines: 'love', mia: 'like' },
    viewers: ['ines', 'mia'],
  },
  {
    by: 'hannah',
    hoursAgo: 98,
    text: 'Please welcome {@ben} to the Product team as our new Data Analyst! Say hi when you see him in the kitchen.',
    reactions: { sofia: 'like', anna: 'like', amir: 'celebrate' },
    viewers: ['sofia', 'anna', 'amir', 'ben'],
    comments: [{ by: 'ben', text: 'Thanks for the warm welcome, everyone!', minutesAfter: 15 }],
  },
  {
    by: 'anna',
    hoursAgo: 30,
    feed: true,
    text: 'Sketching the new profile page this week. If you have pet peeves about the current one, tell me!',
    reactions: { sofia: 'like' },
    viewers: ['sofia', 'lukas'],
    comments: [{ by: 'lukas', text: 'The avatar upload could remember the crop.', minutesAfter: 45 }],
  },
  {
    by: 'lukas',
    hoursAgo: 8,
    feed: true,
    text: 'Our team retro notes are up. Short version: fewer meetings, more pairing.',
    photos: ['retro-lake', 'retro-hills'],
    reactions: { anna: 'laugh', priya: 'like' },
    viewers: ['anna', 'priya'],
  },
];

/** The post created `hoursAgo` before `now`: the comments module's demo finds its posts by these times. */
export const demoPostTime = (now: number, hoursAgo: number) => new Date(now - hoursAgo * 3_600_000);

/**
 * The company wall of the demo workspace: posts, a thank-you note, likes, views and acknowledgements. Their
 * comments come from the comments module's demo (comments/demo.ts), which reads the same WALL.
 */
export async function seedWall(tx: Tx, clientId: string, platform: Platform): Promise<void> {
  const people = await tx
    .select({ id: users.id, login: users.login, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.clientId, clientId));
  const byLogin = new Map(people.map((p) => [p.login, p]));
  const id = (login: string) => byLogin.get(login)!.id;
  const now = Date.now();
  const photos = await wallPhotos(tx, clientId, platform, id);

  for (const demo of WALL) {
    const created = demoPostTime(now, demo.hoursAgo);
    const mentions: string[] = [];
    const text = demo.text.replace(/\{@(\w+)\}/g, (_m, login: string) => {
      const p = byLogin.get(login)!;
      mentions.push(p.id);
      return mentionMarkup(p.id, `${p.firstName} ${p.lastName}`);
    });
    const postId = newId();
    await tx.insert(posts).values({
      id: postId,
      clientId,
      parentType: demo.feed ? 'feed' : 'company',
      parentId: demo.feed ? id(demo.by) : clientId,
      kind: demo.kind ?? 'post',
      authorId: id(demo.by),
      text,
      mentions,
      mustRead: demo.mustRead ?? false,
      attachments: photos.get(demo) ?? [],
      created,
      updated: created,
    });
    const later = (minutes: number) => new Date(created.getTime() + minutes * 60_000);
    if (mentions.length) {
      await tx.insert(postMentions).values(mentions.map((userId) => ({ clientId, postId, userId, created })));
    }
    const reactions = Object.entries(demo.reactions ?? {});
    if (reactions.length) {
      await tx.insert(postReactions).values(
        reactions.map(([login, reaction], i) => ({
          clientId,
          postId,
          userId: id(login),
          reaction,
          created: later(5 + i),
        })),
      );
    }
    for (const [i, login] of (demo.acks ?? []).entries()) {
      await tx.insert(postAcks).values({ clientId, postId, userId: id(login), created: later(10 + i * 7) });
    }
    const viewers = new Set([...(demo.viewers ?? []), ...reactions.map(([login]) => login)]);
    for (const comment of demo.comments ?? []) {
      viewers.add(comment.by);
      for (const answer of comment.answers ?? []) viewers.add(answer.by);
    }
    if (viewers.size) {
      await tx.insert(postViews).values(
        [...viewers].map((login, i) => ({
          clientId,
          postId,
          userId: id(login),
          where: 'company',
          created: later(1 + i),
        })),
      );
    }
  }
  await recountWall(tx, clientId);
}

/** The posts' photos, drawn in parallel and stored as their authors' uploads (with thumbnails and sizes). */
async function wallPhotos(tx: Tx, clientId: string, platform: Platform, id: (login: string) => string) {
  const wanted = WALL.flatMap((demo) => (demo.photos ?? []).map((seed) => ({ demo, seed })));
  const encoded = await Promise.all(wanted.map(({ seed }) => encodeDemoImage(demoPhoto(seed))));
  const stored = await storeDemoImages(
    platform.storage,
    tx,
    clientId,
    wanted.map(({ demo, seed }, i) => ({ ownerId: id(demo.by), name: `${seed}.webp`, bytes: encoded[i] })),
  );
  const byPost = new Map<DemoPost, StoredFile[]>();
  for (const [i, { demo }] of wanted.entries()) byPost.set(demo, [...(byPost.get(demo) ?? []), stored[i]]);
  return byPost;
}

/** The counters the server keeps in step with the rows, computed once from the seeded rows. */
async function recountWall(tx: Tx, clientId: string) {
  await tx.execute(sql`
    UPDATE posts p SET
      likes_count = (SELECT count(*) FROM post_reactions r WHERE r.post_id = p.id),
      reactions = coalesce((SELECT jsonb_object_agg(reaction, n) FROM (
        SELECT reaction, count(*) AS n FROM post_reactions r WHERE r.post_id = p.id GROUP BY reaction) t), '{}'::jsonb),
      views_count = (SELECT count(*) FROM post_views v WHERE v.post_id = p.id),
      acks_count = (SELECT count(*) FROM post_acks a WHERE a.post_id = p.id)
    WHERE p.client_id = ${clientId}`);
  await tx.execute(sql`
    INSERT INTO post_counts (client_id, feed, key, count)
    SELECT client_id, CASE WHEN parent_type = 'feed' THEN 'feed' ELSE 'company' END,
           CASE WHEN parent_type = 'feed' THEN parent_id ELSE client_id END, count(*)
    FROM posts WHERE client_id = ${clientId} AND parent_type <> 'group'
    GROUP BY 1, 2, 3`);
}

/** A demo post on a group's wall (groups' demo), with its reactions; `recountGroupWalls` sets the counters after. */
export interface DemoGroupPost {
  authorId: string;
  text: string;
  created: Date;
  reactions: { userId: string; reaction: Reaction; created: Date }[];
}

export async function seedGroupWall(tx: Tx, clientId: string, groupId: string, wall: DemoGroupPost[]): Promise<void> {
  for (const post of wall) {
    const postId = newId();
    await tx.insert(posts).values({
      id: postId,
      clientId,
      parentType: 'group',
      parentId: groupId,
      authorId: post.authorId,
      text: post.text,
      created: post.created,
      updated: post.created,
    });
    if (post.reactions.length)
      await tx.insert(postReactions).values(post.reactions.map((r) => ({ clientId, postId, ...r })));
  }
}

/** The counters of the seeded group walls, computed once from their rows. */
export async function recountGroupWalls(tx: Tx, clientId: string): Promise<void> {
  await tx.execute(sql`
    UPDATE posts p SET likes_count = (SELECT count(*) FROM post_reactions r WHERE r.post_id = p.id),
      reactions = coalesce((SELECT jsonb_object_agg(reaction, n) FROM (
        SELECT reaction, count(*) AS n FROM post_reactions r WHERE r.post_id = p.id GROUP BY reaction) t), '{}'::jsonb)
    WHERE p.client_id = ${clientId} AND p.parent_type = 'group'`);
  await tx.execute(sql`
    INSERT INTO post_counts (client_id, feed, key, count)
    SELECT client_id, 'group', parent_id, count(*) FROM posts
    WHERE client_id = ${clientId} AND parent_type = 'group' GROUP BY client_id, parent_id`);
}

/** The demo wall's posts, oldest first (the comments' demo puts its threads under them). */
export const seededWallPosts = (tx: Tx, clientId: string) =>
  tx
    .select({ id: posts.id, created: posts.created })
    .from(posts)
    .where(eq(posts.clientId, clientId))
    .orderBy(posts.created);

/** Sets each demo post's comment counter to the comments the comments' demo wrote under it. */
export async function setCommentCounts(tx: Tx, counts: Map<string, number>): Promise<void> {
  for (const [postId, n] of counts) await tx.update(posts).set({ commentsCount: n }).where(eq(posts.id, postId));
}
