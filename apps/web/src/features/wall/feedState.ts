import { FEED_PAGE_SIZE, type FeedPage, type LikeResult, type PostDto, type Reaction } from '@hallway/shared';
import type { AnswerDto, FeedKind } from './api';

/**
 * A feed as the wall holds it: one flat list, so that page N replaces the items from N*20 (spec portal §4 "Feeds")
 * and a post that arrives in realtime shifts the list exactly as it shifted the server's pages.
 */
export interface FeedState {
  items: PostDto[];
  /** The last page loaded. */
  page: number;
  pages: number;
  total: number;
  /** What the reader may do on this wall beyond its posts (the feed page's `can`): the composer reads it. */
  can?: FeedPage['can'];
}

/** Puts a loaded page in place: everything from page*20 on is replaced; a post is never listed twice. */
export function mergePage(state: FeedState | undefined, answer: FeedPage): FeedState {
  const start = answer.page * FEED_PAGE_SIZE;
  const kept = state && answer.page > 0 ? state.items.slice(0, start) : [];
  const keptIds = new Set(kept.map((post) => post._id));
  const incoming = answer.result.filter((post) => !keptIds.has(post._id));
  return {
    items: [...kept, ...incoming],
    page: answer.page,
    pages: answer.pages,
    total: answer.total,
    can: answer.can ?? state?.can,
  };
}

export const hasMore = (state: FeedState | undefined) => !!state && state.page + 1 < state.pages;

/**
 * A new post on top, below the pinned posts that head the company feed; the list shifts by one like the server's
 * pages did.
 */
export function insertPost(state: FeedState | undefined, post: PostDto): FeedState | undefined {
  if (!state || state.items.some((item) => item._id === post._id)) return state;
  const total = state.total + 1;
  let at = 0;
  while (at < state.items.length && state.items[at].pinned && !post.pinned) at++;
  const items = [...state.items.slice(0, at), post, ...state.items.slice(at)];
  return { ...state, items, total, pages: Math.ceil(total / FEED_PAGE_SIZE) };
}

/** Changes one post; the other posts (and the state, when it is not there) keep their identity for memoized rows. */
export function patchPost(
  state: FeedState | undefined,
  id: string,
  change: (post: PostDto) => PostDto,
): FeedState | undefined {
  if (!state) return state;
  const index = state.items.findIndex((post) => post._id === id);
  if (index < 0) return state;
  const changed = change(state.items[index]);
  if (changed === state.items[index]) return state;
  const items = state.items.slice();
  items[index] = changed;
  return { ...state, items };
}

export function removePost(state: FeedState | undefined, id: string): FeedState | undefined {
  if (!state?.items.some((post) => post._id === id)) return state;
  const total = Math.max(0, state.total - 1);
  return {
    ...state,
    items: state.items.filter((post) => post._id !== id),
    total,
    pages: Math.ceil(total / FEED_PAGE_SIZE),
  };
}

/**
 * Realtime payloads are the post as any reader sees it (docs/api.md "Realtime"): the caller's own reaction, view,
 * acknowledgement and abilities stay as they were.
 */
export function mergeForReader(existing: PostDto, incoming: PostDto): PostDto {
  return {
    ...incoming,
    myReaction: existing.myReaction,
    viewed: existing.viewed,
    acknowledged: existing.acknowledged,
    can: existing.can,
  };
}

/** A like's counts; the own reaction only when the answer is the caller's own (an event has none). */
export function applyLike<T extends Pick<PostDto, 'likes' | 'reactions' | 'myReaction'>>(
  target: T,
  like: Pick<LikeResult, 'likes' | 'reactions'> & { myReaction?: LikeResult['myReaction'] },
): T {
  return {
    ...target,
    likes: like.likes,
    reactions: like.reactions,
    myReaction: like.myReaction === undefined ? target.myReaction : like.myReaction,
  };
}

export interface Reader {
  userId: string;
  /** The reader follows this person (their `followers` list has the reader). */
  follows: (personId: string) => boolean;
}

/**
 * Which feed a new post belongs on: company and system posts on the company feed; feed posts (own and of followed
 * people) and group posts (the server sends those only to the group's readers) on the user feed.
 */
export function feedOfPost(post: Pick<PostDto, 'parent' | 'author'>, reader: Reader): FeedKind | null {
  const { type } = post.parent;
  if (type === 'company' || type === 'system') return 'company';
  if (type === 'group') return 'user';
  if (type === 'feed' && (post.author._id === reader.userId || reader.follows(post.author._id))) return 'user';
  return null;
}

/**
 * A reader's own copy of a post announced in realtime: the author has seen it. Its `can` stays as announced (all
 * false) until the post's own answer brings the reader's (realtime.ts).
 */
export function forReader(post: PostDto, reader: Pick<Reader, 'userId'>): PostDto {
  return { ...post, viewed: post.author._id === reader.userId };
}

export type ThreadComment = AnswerDto & { answers: AnswerDto[] };

const isAnswer = (comment: AnswerDto) => comment.parent.type === 'comment';

/** A comment or answer joins its thread once; an answer goes under its comment. */
export function addToThread(thread: ThreadComment[], comment: AnswerDto): ThreadComment[] {
  if (thread.some((c) => c._id === comment._id || c.answers.some((a) => a._id === comment._id))) return thread;
  if (!isAnswer(comment)) return [...thread, { ...comment, answers: [] }];
  return thread.map((c) =>
    c._id === comment.parent.id ? { ...c, answers: [...c.answers, comment], answersCount: c.answersCount + 1 } : c,
  );
}

/** Changes one comment or answer wherever it is; the thread keeps its identity when it is not there. */
export function patchInThread(
  thread: ThreadComment[],
  id: string,
  change: <T extends AnswerDto>(comment: T) => T,
): ThreadComment[] {
  let found = false;
  const next = thread.map((c) => {
    if (c._id === id) {
      found = true;
      return change(c);
    }
    if (!c.answers.some((a) => a._id === id)) return c;
    found = true;
    return { ...c, answers: c.answers.map((a) => (a._id === id ? change(a) : a)) };
  });
  return found ? next : thread;
}

/** A comment goes with its answers; an answer leaves its comment. */
export function removeFromThread(thread: ThreadComment[], id: string): ThreadComment[] {
  if (thread.some((c) => c._id === id)) return thread.filter((c) => c._id !== id);
  return patchAnswers(thread, id);
}

function patchAnswers(thread: ThreadComment[], id: string): ThreadComment[] {
  let found = false;
  const next = thread.map((c) => {
    if (!c.answers.some((a) => a._id === id)) return c;
    found = true;
    return { ...c, answers: c.answers.filter((a) => a._id !== id), answersCount: Math.max(0, c.answersCount - 1) };
  });
  return found ? next : thread;
}

/** Comments and answers in a thread, the number a post's `commentsCount` counts. */
export const threadSize = (thread: ThreadComment[]) => thread.reduce((sum, c) => sum + 1 + c.answers.length, 0);

type Reactable = Pick<PostDto, 'likes' | 'reactions' | 'myReaction'>;

/**
 * The server's reaction rule applied ahead of its answer: the same reaction again takes it back, another one
 * replaces the own one.
 */
export function toggleReaction<T extends Reactable>(target: T, reaction: Reaction): T {
  const reactions = { ...target.reactions };
  let likes = target.likes;
  if (target.myReaction) {
    reactions[target.myReaction] = Math.max(0, reactions[target.myReaction] - 1);
    likes = Math.max(0, likes - 1);
  }
  if (target.myReaction === reaction) return { ...target, reactions, likes, myReaction: null };
  reactions[reaction] += 1;
  return { ...target, reactions, likes: likes + 1, myReaction: reaction };
}
