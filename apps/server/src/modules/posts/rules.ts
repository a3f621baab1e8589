import {
  mentionIds,
  POST_ATTACHMENT_LIMIT_BYTES,
  POST_MENTIONS_MAX,
  type PostKind,
  plainText,
  type StoredFile,
  THANKS_TEXT_MIN,
} from '@hallway/shared';
import { AppError, invalidFields } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { fileRefs } from '../files/index.js';
import { assertActivePeople } from '../users/index.js';

/**
 * The people a text mentions: the `mentions` list the web sends and any mention markup in the text, each once.
 * Every one must be an active person of the caller's workspace (400 `mention_unknown`).
 */
export async function checkedMentions(ctx: RequestContext, text: string, listed: string[]): Promise<string[]> {
  const all = [...new Set([...listed.map((id) => id.toLowerCase()), ...mentionIds(text)])];
  if (all.length > POST_MENTIONS_MAX) throw invalidFields({ mentions: 'too_long' });
  await assertActivePeople(ctx, all, 'mentions', 'mention_unknown');
  return all;
}

/** Uploaded files of the workspace, each within the post attachment limit (413 `attachment_too_big`). */
export function checkedAttachments(ctx: RequestContext, ids: string[]): Promise<StoredFile[]> {
  return fileRefs(ctx, ids, { maxSize: POST_ATTACHMENT_LIMIT_BYTES });
}

/**
 * Spec portal §5 "Posts": a thank-you post needs more than THANKS_TEXT_MIN characters of plain text and mentions
 * exactly one person, who is not the author.
 */
export function checkThanks(kind: PostKind, text: string, mentions: string[], authorId: string): void {
  if (kind !== 'thanks') return;
  if (plainText(text).length <= THANKS_TEXT_MIN) {
    throw new AppError(400, 'thanks_text_short', { min: THANKS_TEXT_MIN }, { fields: { text: 'thanks_text_short' } });
  }
  if (mentions.length !== 1) {
    throw new AppError(400, 'thanks_one_person', {}, { fields: { mentions: 'thanks_one_person' } });
  }
  if (mentions[0] === authorId) {
    throw new AppError(400, 'thanks_self', {}, { fields: { mentions: 'thanks_self' } });
  }
}
