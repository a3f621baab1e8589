import type { CommentDto } from '@hallway/shared';
import { api } from '../../api/client';

/** The comment calls of any subject (docs/api.md "Comments"): `local`, the thread shows its failures itself. */
export interface NewComment {
  parent: { type: string; id: string };
  text: string;
  attachments: string[];
  /** People to notify, where the subject's module offers mentions (a task's thread). */
  mentions?: string[];
}

export const createComment = async (body: NewComment) =>
  (await api<{ result: CommentDto }>('/api/comment', { method: 'POST', body, local: true })).result;

/** `parent_type` names what the comment hangs under: the subject's type for a comment, `comment` for an answer. */
export const deleteComment = (id: string, parentType: string) =>
  api<unknown>(`/api/comment/${id}`, { method: 'DELETE', query: { parent_type: parentType }, local: true });
