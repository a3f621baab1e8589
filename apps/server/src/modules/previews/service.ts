// Link previews (issue 12): the card of an intranet page, read through the owning modules' own reads, so the
// caller's workspace and access decide, the owning feature's switch included (`readablePost` finds no post while
// the wall is off, `findGroup`/`getProject` no group or project while groups are). Anything unknown, foreign,
// deleted, switched off or unreadable is the same 404.
import { type LinkPreviewDto, plainText, previewTarget, type StoredFile } from '@hallway/shared';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { canReadRow, findGroup, getProject } from '../groups/index.js';
import { readablePost } from '../posts/index.js';
import { getUserRow, personCards } from '../users/index.js';

/** Characters of a post's text on its card. */
export const POST_EXCERPT = 120;

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const thumb = (file: StoredFile | null | undefined) => file?.mini ?? file?.src ?? undefined;

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > POST_EXCERPT ? `${flat.slice(0, POST_EXCERPT - 1).trimEnd()}…` : flat;
}

/** Runs an owning module's read; its 404 (whatever its code) becomes the preview's `not_found`. */
async function orNotFound<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFound();
    throw error;
  }
}

async function groupPicture(ctx: RequestContext, id: string): Promise<string | undefined> {
  const group = await findGroup(ctx, id);
  return group && canReadRow(group.viewer, group.row, group.rel) ? thumb(parsed(group.row.avatar)) : undefined;
}

export async function linkPreview(ctx: RequestContext, pagePath: string): Promise<LinkPreviewDto> {
  const target = previewTarget(pagePath);
  if (!target) throw notFound();
  const { kind, id, path } = target;
  switch (kind) {
    case 'post': {
      const row = await orNotFound(() => readablePost(ctx, id));
      const author = (await personCards(ctx.db, [row.authorId])).get(row.authorId);
      return {
        kind,
        path,
        title: author?.name ?? '',
        subtitle: excerpt(plainText(row.text)),
        picture: author?.avatar ?? undefined,
      };
    }
    case 'profile': {
      const row = await orNotFound(() => getUserRow(ctx, id));
      if (row.deletionMark) throw notFound();
      const card = (await personCards(ctx.db, [row.id])).get(row.id);
      const subtitle = [row.position, row.department].filter(Boolean).join(' · ');
      return {
        kind,
        path,
        title: card?.name ?? '',
        ...(subtitle ? { subtitle } : {}),
        picture: card?.avatar ?? undefined,
      };
    }
    case 'group': {
      const group = await findGroup(ctx, id);
      if (group?.row.kind !== 'group' || !canReadRow(group.viewer, group.row, group.rel)) throw notFound();
      return {
        kind,
        path,
        title: group.row.name,
        members: group.row.membersCount,
        picture: thumb(parsed(group.row.avatar)),
      };
    }
    case 'project': {
      const project = await orNotFound(() => getProject(ctx, id));
      return { kind, path, title: project.name, picture: await groupPicture(ctx, project.wall) };
    }
  }
}
