import type { CommentDto, PersonCard, Reaction } from '@hallway/shared';
import type { RequestContext } from '../../platform/http/context.js';
import { reactionCounts } from '../posts/index.js';
import { unknownPerson } from '../users/index.js';
import { commentPolicy } from './policy.js';
import type { CommentRow } from './tables.js';

type AnswerDto = Omit<CommentDto, 'answers'>;

export function presentComment(
  row: CommentRow,
  cards: Map<string, PersonCard>,
  myReaction: Reaction | null,
  can: CommentDto['can'],
): AnswerDto {
  return {
    _id: row.id,
    parent: { type: row.parentType, id: row.parentId, postId: row.postId, where: row.parentWhere },
    status: row.status,
    author: cards.get(row.authorId) ?? unknownPerson(row.authorId),
    text: row.text,
    mentions: row.mentions.map((id) => cards.get(id) ?? unknownPerson(id)),
    attachments: row.attachments,
    created: row.created.toISOString(),
    updated: row.updated.toISOString(),
    likes: row.likesCount,
    reactions: reactionCounts(row.reactions),
    myReaction,
    answersCount: row.answersCount,
    can,
  };
}

/** Comments with their answers nested, oldest first, from a thread's rows in creation order. */
export function threadOf(
  ctx: RequestContext,
  rows: CommentRow[],
  cards: Map<string, PersonCard>,
  mine: Map<string, Reaction>,
): CommentDto[] {
  const top = new Map<string, CommentDto>();
  const present = (row: CommentRow) => presentComment(row, cards, mine.get(row.id) ?? null, commentPolicy(ctx, row));
  for (const row of rows) if (row.parentType !== 'comment') top.set(row.id, { ...present(row), answers: [] });
  for (const row of rows) if (row.parentType === 'comment') top.get(row.parentId)?.answers.push(present(row));
  return [...top.values()];
}
