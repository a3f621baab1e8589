import { AppError } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import type { Platform } from '../../platform/index.js';
import { announcePost } from './events.js';
import { presentNewPost } from './presenter.js';
import { createPost } from './service.js';

/**
 * A thank-you post on the company wall by the caller, naming one person, published by another module (the shop's
 * accruals): validated, counted, notified and announced like one written on the wall. Nothing is published while
 * the wall is off. A thanks rule refused (a text too short) is reported on the caller's own `field`.
 */
export async function publishThanks(
  platform: Platform,
  ctx: RequestContext,
  post: { text: string; person: string; field: string },
): Promise<string | null> {
  if (!ctx.hasFeature('wall')) return null;
  try {
    const row = await createPost(ctx, {
      text: post.text,
      parent: { type: 'company' },
      kind: 'thanks',
      mentions: [post.person],
      attachments: [],
    });
    announcePost(platform, ctx, 'post.created', await presentNewPost(ctx, row));
    return row.id;
  } catch (err) {
    if (err instanceof AppError && err.extra.fields) {
      throw new AppError(err.status, err.code, err.params, { fields: { [post.field]: err.code } });
    }
    throw err;
  }
}
