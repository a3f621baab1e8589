import type { PersonCard, PostDto, Reaction } from '@hallway/shared';
import type { RequestContext } from '../../platform/http/context.js';
import { personCards, unknownPerson } from '../users/index.js';
import { postPolicy } from './policy.js';
import { reactionCounts } from './reactions.js';
import type { PostRow } from './tables.js';

/** A post with its people and what the caller did with it. */
export interface PostView {
  row: PostRow;
  author: PersonCard;
  mentioned: PersonCard[];
  myReaction: Reaction | null;
  viewed: boolean;
  acknowledged: boolean;
}

export function presentPost(view: PostView, can: PostDto['can']): PostDto {
  const { row } = view;
  return {
    _id: row.id,
    kind: row.kind,
    parent: { type: row.parentType, id: row.parentId, where: row.parentWhere },
    author: view.author,
    text: row.text,
    doc: row.doc ?? null,
    mentions: view.mentioned,
    attachments: row.attachments,
    created: row.created.toISOString(),
    updated: row.updated.toISOString(),
    edited: row.edited,
    likes: row.likesCount,
    reactions: reactionCounts(row.reactions),
    myReaction: view.myReaction,
    commentsCount: row.commentsCount,
    viewsCount: row.viewsCount,
    viewed: view.viewed,
    mustRead: row.mustRead,
    acknowledged: view.acknowledged,
    acknowledgedCount: row.acksCount,
    pinned: row.pinnedAt !== null,
    publishAt: null,
    can,
  };
}

/** Posts as the caller sees them. */
export const presentPosts = (ctx: RequestContext, views: PostView[]): PostDto[] =>
  views.map((v) => presentPost(v, postPolicy(ctx, v.row)));

/** A post the caller has just written: nothing of theirs is on it yet; its people come in one query. */
export async function presentNewPost(ctx: RequestContext, row: PostRow): Promise<PostDto> {
  const cards = await personCards(ctx.db, [row.authorId, ...row.mentions]);
  const view: PostView = {
    row,
    author: cards.get(row.authorId) ?? unknownPerson(row.authorId),
    mentioned: row.mentions.map((id) => cards.get(id) ?? unknownPerson(id)),
    myReaction: null,
    viewed: false,
    acknowledged: false,
  };
  return presentPost(view, postPolicy(ctx, row));
}
